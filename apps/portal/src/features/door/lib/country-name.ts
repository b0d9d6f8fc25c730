/**
 * A country as the blocked screen names it: its name in the page's language (Intl.DisplayNames), the
 * code when the browser has no name for it, and 'LAN' (or anything not a two-letter code) as it is.
 */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
