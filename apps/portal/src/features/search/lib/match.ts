import { fold, type Folded } from './fold';

/** A part of a text to highlight: [start, end) in the original text. */
export type Range = [number, number];

/** Where the terms occur in a folded text, as merged ranges of the original. */
export function matchRanges(folded: Folded, terms: readonly string[]): Range[] {
  const ranges: Range[] = [];
  for (const term of terms) {
    for (let at = folded.text.indexOf(term); at !== -1; at = folded.text.indexOf(term, at + term.length)) {
      ranges.push([folded.starts[at]!, endOfCharacterAt(folded, at + term.length - 1)]);
    }
  }
  return merge(ranges);
}

/** Where the original character behind folded unit `index` ends ('ß' folds to two units: a match of one covers the whole 'ß'). */
function endOfCharacterAt(folded: Folded, index: number): number {
  let next = index + 1;
  while (next < folded.starts.length - 1 && folded.starts[next] === folded.starts[index]) next++;
  return folded.starts[next]!;
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** A piece of a long text around its first match, with that piece's highlights (SNIPPET characters or so). */
export type Snippet = { text: string; ranges: Range[]; cutStart: boolean; cutEnd: boolean };

const BEFORE = 60;
const LENGTH = 180;

export function snippetOf(original: string, ranges: readonly Range[]): Snippet {
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - BEFORE);
  let end = Math.min(original.length, start + LENGTH);
  // Cut at spaces, not inside words.
  if (start > 0) {
    const space = original.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  if (end < original.length) {
    const space = original.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  return {
    text: original.slice(start, end),
    ranges: ranges.filter(([a, b]) => b > start && a < end).map(([a, b]): Range => [Math.max(a, start) - start, Math.min(b, end) - start]),
    cutStart: start > 0,
    cutEnd: end < original.length,
  };
}

/** Whether every term is in one of the folded texts. */
export const containsAll = (texts: readonly Folded[], terms: readonly string[]): boolean =>
  terms.every((term) => texts.some((text) => text.text.includes(term)));

export { fold };
