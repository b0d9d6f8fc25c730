import type { NavItem } from './types';

/** A page the navigation search can offer: a navigation `item` or `link` the user may see. */
export type SearchEntry = { id: string; title: string; url: string; target?: '_blank' | '_self'; words: string[] };

/** SPEC §9: at most 10 suggestions. */
export const MAX_SUGGESTIONS = 10;

/**
 * Text as search compares it: lower case, without diacritics ('İşlemler' → 'islemler'; Turkish
 * dotless ı counts as i, Arabic harakat are dropped).
 */
export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
}

const wordsOf = (text: string) =>
  foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The entries of a navigation tree already pruned for the user's role (the same tree as the menu),
 * depth first, each titled by `titleOf` (its translation).
 */
export function searchEntries(items: readonly NavItem[], titleOf: (item: Exclude<NavItem, { type: 'divider' }>) => string): SearchEntry[] {
  return items.flatMap((item): SearchEntry[] => {
    switch (item.type) {
      case 'item':
      case 'link': {
        const title = titleOf(item);
        const target = item.type === 'link' ? item.target : undefined;
        return [{ id: item.id, title, url: item.url, ...(target ? { target } : {}), words: wordsOf(title) }];
      }
      case 'group':
      case 'collapse':
        return searchEntries(item.children, titleOf);
      case 'divider':
        return [];
    }
  });
}

/** Entries every word of `query` starts a word of, in menu order, at most `limit`. */
export function searchNavigation(entries: readonly SearchEntry[], query: string, limit = MAX_SUGGESTIONS): SearchEntry[] {
  const wanted = wordsOf(query);
  if (!wanted.length) return [];
  return entries.filter((entry) => wanted.every((part) => entry.words.some((word) => word.startsWith(part)))).slice(0, limit);
}
