import { fold, queryTerms, type Folded } from './fold';
import { matchRanges, snippetOf, type Range, type Snippet } from './match';

/** What the search finds, in the order its groups are shown. */
export const searchKinds = ['machines', 'brands', 'rules', 'help'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** One thing the search can find, and where it leads. */
export type SearchDocument = {
  kind: SearchKind;
  id: string;
  title: string;
  /** Shown under the title and searched (a machine's brand). */
  subtitle?: string;
  /** Longer text searched and shown as a snippet around its first match (a section of the rules). */
  body?: string;
  /** Shown, never searched (a machine's status, a brand's machine count). */
  meta?: string;
  /** A page of the portal (the router's), or with `external` a page of its own opened in a new tab. */
  href: string;
  external?: boolean;
  /** A second way to go: a machine's brand page. */
  secondary?: { brand: string; href: string };
};

type Prepared = { document: SearchDocument; title: Folded; subtitle: Folded; body: Folded };

export type SearchHit = {
  document: SearchDocument;
  score: number;
  /** Parts of the title and the subtitle to highlight. */
  title: Range[];
  subtitle: Range[];
  /** The body around its first match (its start when only the title matched); null without a body. */
  snippet: Snippet | null;
};

export type SearchGroup = { kind: SearchKind; hits: SearchHit[] };

/** Folds every text once: the search then runs on each key press over the folded texts. */
export function prepareDocuments(documents: readonly SearchDocument[]): Prepared[] {
  return documents.map((document) => ({
    document,
    title: fold(document.title),
    subtitle: fold(document.subtitle ?? ''),
    body: fold(document.body ?? ''),
  }));
}

const startsWord = (text: string, at: number) => at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!);

/** Word starts in the title count most, then anywhere in the title, then the subtitle, then the body. */
function scoreOf(prepared: Prepared, terms: readonly string[], whole: string): number {
  let score = prepared.title.text === whole ? 50 : prepared.title.text.startsWith(whole) ? 20 : 0;
  for (const term of terms) {
    const at = prepared.title.text.indexOf(term);
    if (at !== -1) {
      let wordStart = false;
      for (let i = at; i !== -1 && !wordStart; i = prepared.title.text.indexOf(term, i + 1)) wordStart = startsWord(prepared.title.text, i);
      score += wordStart ? 8 : 4;
    } else if (prepared.subtitle.text.includes(term)) score += 2;
    else score += 1;
  }
  return score;
}

/**
 * The documents that hold every word of `query` (in the title, the subtitle or the body, case and
 * diacritics folded as ./fold.ts says), best first; equal scores keep the documents' order.
 */
export function searchDocuments(prepared: readonly Prepared[], query: string): SearchHit[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const whole = terms.join(' ');
  const hits: SearchHit[] = [];
  for (const entry of prepared) {
    const texts = [entry.title.text, entry.subtitle.text, entry.body.text];
    if (!terms.every((term) => texts.some((text) => text.includes(term)))) continue;
    const bodyRanges = matchRanges(entry.body, terms);
    hits.push({
      document: entry.document,
      score: scoreOf(entry, terms, whole),
      title: matchRanges(entry.title, terms),
      subtitle: matchRanges(entry.subtitle, terms),
      snippet: entry.document.body ? snippetOf(entry.document.body, bodyRanges) : null,
    });
  }
  // Array.prototype.sort is stable: equal scores keep the documents' order.
  return hits.sort((a, b) => b.score - a.score);
}

/** The hits by kind, every kind in `searchKinds` order (an empty group for a kind nothing matched). */
export function groupHits(hits: readonly SearchHit[]): SearchGroup[] {
  return searchKinds.map((kind) => ({ kind, hits: hits.filter((hit) => hit.document.kind === kind) }));
}
