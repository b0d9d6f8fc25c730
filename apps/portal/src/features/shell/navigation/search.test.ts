import { describe, expect, it } from 'vitest';
import { foldForSearch, MAX_SUGGESTIONS, searchEntries, searchNavigation } from './search';
import type { NavItem } from './types';

const tree: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', url: '/lobby' },
  {
    id: 'history',
    type: 'collapse',
    title: 'History',
    children: [
      { id: 'transactions', type: 'item', title: 'İşlemler', url: '/transactions' },
      { id: 'sessions', type: 'item', title: 'Slot Sessions', url: '/slot-sessions' },
    ],
  },
  { id: 'divider-1', type: 'divider' },
  { id: 'help', type: 'link', title: 'Help Centre', url: 'https://help.example', target: '_blank' },
];
const entries = searchEntries(tree, (item) => item.title);

describe('navigation search', () => {
  it('offers the pages and links of the tree, not its groups or dividers', () => {
    expect(entries.map((entry) => entry.id)).toEqual(['lobby', 'transactions', 'sessions', 'help']);
    expect(entries[3]).toMatchObject({ url: 'https://help.example', target: '_blank' });
  });

  it('ignores case and diacritics: "islem" finds "İşlemler"', () => {
    expect(foldForSearch('İşlemler')).toBe('islemler');
    expect(foldForSearch('ışık')).toBe('isik');
    expect(searchNavigation(entries, 'islem').map((entry) => entry.id)).toEqual(['transactions']);
    expect(searchNavigation(entries, 'İŞLEM').map((entry) => entry.id)).toEqual(['transactions']);
  });

  it('matches word prefixes, every word of the query', () => {
    expect(searchNavigation(entries, 'ses').map((entry) => entry.id)).toEqual(['sessions']);
    expect(searchNavigation(entries, 'slot ses').map((entry) => entry.id)).toEqual(['sessions']);
    expect(searchNavigation(entries, 'essions')).toEqual([]);
    expect(searchNavigation(entries, 'slot lobby')).toEqual([]);
    expect(searchNavigation(entries, '   ')).toEqual([]);
  });

  it(`gives at most ${MAX_SUGGESTIONS} suggestions, in menu order`, () => {
    const many = searchEntries(
      Array.from({ length: 15 }, (_, n): NavItem => ({ id: `p${n}`, type: 'item', title: `Page ${n}`, url: `/p${n}` })),
      (item) => item.title,
    );
    expect(searchNavigation(many, 'page').map((entry) => entry.id)).toEqual(Array.from({ length: 10 }, (_, n) => `p${n}`));
  });
});
