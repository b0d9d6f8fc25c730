/**
 * Heading ids as GitHub makes them (github-slugger), so a link written for the repository
 * (`jackpots.md#two-jackpots-the-brands-and-the-machines`) finds its heading here too: lower case,
 * anything but letters, digits, `_`, `-` and spaces dropped, spaces as `-`; a repeated id gets `-1`,
 * `-2`, … in order. One slugger per page.
 */
export function headingSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base =
      text
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-') || 'section';
    let id = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(id)) id = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(id, seen.get(id) ?? 0);
    return id;
  };
}
