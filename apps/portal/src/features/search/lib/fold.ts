/**
 * Text as the search compares it, and where each compared character came from, so a match found in
 * the folded text can be highlighted in the original.
 *
 * Folding: Turkish-aware case (İ, I, ı and i are all 'i', whatever the language: a Turkish player
 * types 'istanbul' for 'İstanbul', an English one 'ilgaz' for 'Ilgaz' and 'ılgaz'), other letters
 * lower-cased, diacritics dropped ('ş' → 's', 'é' → 'e', Arabic harakat), 'ß' → 'ss', and the Arabic
 * spellings people type interchangeably made one (أ إ آ ٱ → ا, ى → ي, ة → ه, no tatweel).
 */
export type Folded = {
  text: string;
  /** For each UTF-16 unit of `text`, the index in the original where its character starts; one more entry for the end. */
  starts: number[];
};

const singles: Record<string, string> = {
  İ: 'i',
  I: 'i',
  ı: 'i',
  ß: 'ss',
  ẞ: 'ss',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ـ: '',
};

const foldCharacter = (character: string): string =>
  singles[character] ?? character.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

export function fold(original: string): Folded {
  let text = '';
  const starts: number[] = [];
  let index = 0;
  for (const character of original) {
    const folded = foldCharacter(character);
    text += folded;
    for (let unit = 0; unit < folded.length; unit++) starts.push(index);
    index += character.length;
  }
  starts.push(original.length);
  return { text, starts };
}

/** Just the folded text. */
export const foldText = (text: string): string => fold(text).text;

/** The words of a query, folded: what every result must contain. */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      foldText(query)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ];
}
