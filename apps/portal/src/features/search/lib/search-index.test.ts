import { describe, expect, it } from 'vitest';
import { fold, foldText, queryTerms } from './fold';
import { matchRanges, snippetOf } from './match';
import { groupHits, prepareDocuments, searchDocuments, type SearchDocument } from './search-index';

const doc = (kind: SearchDocument['kind'], id: string, title: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  kind,
  id,
  title,
  href: `/${id}`,
  ...extra,
});

const titles = (documents: SearchDocument[], query: string) =>
  searchDocuments(prepareDocuments(documents), query).map((hit) => hit.document.title);

/** The highlighted parts of `text` for `query`. */
const marked = (text: string, query: string) => matchRanges(fold(text), queryTerms(query)).map(([start, end]) => text.slice(start, end));

describe('search folding', () => {
  it('folds Turkish İ, I, ı and i to one letter whatever the case, as a Turkish player types them', () => {
    expect(foldText('İSTANBUL')).toBe('istanbul');
    expect(foldText('ILGAZ')).toBe(foldText('ılgaz'));
    expect(foldText('Işık')).toBe('isik');
    expect(titles([doc('machines', 'a', 'IŞIK Bahçesi'), doc('machines', 'b', 'Izmir')], 'ışık')).toEqual(['IŞIK Bahçesi']);
    expect(titles([doc('machines', 'a', 'İstanbul Gece')], 'istanbul')).toEqual(['İstanbul Gece']);
    expect(titles([doc('machines', 'a', 'istanbul gece')], 'İSTANBUL')).toEqual(['istanbul gece']);
    expect(titles([doc('machines', 'a', 'Kırmızı Yıldız')], 'KIRMIZI')).toEqual(['Kırmızı Yıldız']);
  });

  it('ignores diacritics: ş ç ğ ö ü, é, ß, and the Arabic marks and letter forms people type interchangeably', () => {
    expect(foldText('Şans Çarkı Dönüyor Güzel Ağaç')).toBe('sans carki donuyor guzel agac');
    expect(titles([doc('rules', 'a', 'Büyük Şans')], 'buyuk sans')).toEqual(['Büyük Şans']);
    expect(titles([doc('rules', 'a', 'Café Crème')], 'cafe creme')).toEqual(['Café Crème']);
    expect(titles([doc('rules', 'a', 'Straße')], 'strasse')).toEqual(['Straße']);
    expect(titles([doc('help', 'a', 'مَرْحَبًا بِكُم')], 'مرحبا')).toEqual(['مَرْحَبًا بِكُم']);
    expect(titles([doc('help', 'a', 'أحمد وإبراهيم')], 'احمد ابراهيم')).toEqual(['أحمد وإبراهيم']);
    expect(titles([doc('help', 'a', 'المكتبة العامة')], 'المكتبه')).toEqual(['المكتبة العامة']);
    expect(titles([doc('help', 'a', 'مستشفى')], 'مستشفي')).toEqual(['مستشفى']);
  });

  it('highlights what matched in the original text, whole characters', () => {
    expect(marked('Büyük Şans Makinesi', 'sans')).toEqual(['Şans']);
    expect(marked('İstanbul ve Izmir', 'i')).toEqual(['İ', 'I', 'i']);
    expect(marked('Straße', 's')).toEqual(['S', 'ß']);
    expect(marked('Dragon Pearl', 'pearl dragon')).toEqual(['Dragon', 'Pearl']);
    expect(marked('مَرْحَبًا', 'رح')).toEqual(['رْحَ']);
  });

  it('needs every word of the query, in the title, the subtitle or the body', () => {
    const documents = [
      doc('machines', 'pearl', 'Dragon Pearl', { subtitle: 'Dragon' }),
      doc('machines', 'koi', 'Fire Koi', { subtitle: 'Dragon' }),
      doc('rules', 'play', 'Play', { body: 'A dragon breathes fire on every third spin.' }),
    ];
    expect(titles(documents, 'dragon fire')).toEqual(['Fire Koi', 'Play']);
    expect(titles(documents, 'koi')).toEqual(['Fire Koi']);
    expect(titles(documents, '   ')).toEqual([]);
    expect(titles(documents, 'unicorn')).toEqual([]);
  });

  it('puts title matches first: the whole title, its start, a word start, anywhere, then subtitle and body', () => {
    const documents = [
      doc('rules', 'body', 'Deposits', { body: 'Every pearl counts.' }),
      doc('machines', 'inner', 'Mother-of-pearls'),
      doc('machines', 'sub', 'Jade Temple', { subtitle: 'Pearl' }),
      doc('machines', 'word', 'Dragon Pearl'),
      doc('brands', 'start', 'Pearl Bay'),
      doc('brands', 'exact', 'Pearl'),
    ];
    expect(titles(documents, 'pearl')).toEqual(['Pearl', 'Pearl Bay', 'Mother-of-pearls', 'Dragon Pearl', 'Jade Temple', 'Deposits']);
  });

  it('groups the hits by kind in a fixed order with their counts, empty kinds included', () => {
    const hits = searchDocuments(
      prepareDocuments([
        doc('help', 'h', 'Dragon help'),
        doc('machines', 'm1', 'Dragon Pearl'),
        doc('brands', 'b', 'Dragon'),
        doc('machines', 'm2', 'Dragon Fire'),
      ]),
      'dragon',
    );
    expect(groupHits(hits).map((group) => [group.kind, group.hits.length])).toEqual([
      ['machines', 2],
      ['brands', 1],
      ['rules', 0],
      ['help', 1],
    ]);
  });

  it('cuts a long body around its first match, at spaces, with the highlights moved along', () => {
    const body = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The weekly bonus pays at most ten times the bonus. ${'Consectetur adipiscing elit. '.repeat(10)}`;
    const snippet = snippetOf(body, matchRanges(fold(body), queryTerms('weekly')));
    expect(snippet.cutStart).toBe(true);
    expect(snippet.cutEnd).toBe(true);
    expect(snippet.text.startsWith(' ')).toBe(false);
    expect(snippet.text).toContain('The weekly bonus pays');
    expect(snippet.ranges.map(([start, end]) => snippet.text.slice(start, end))).toEqual(['weekly']);
    expect(snippetOf('Short text', []).text).toBe('Short text');
  });
});
