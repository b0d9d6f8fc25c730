/** The few named character references worth knowing without asking the browser. */
const namedReferences: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Any other name, as the browser's HTML parser reads it: only a name goes in, so no markup can. */
function namedReference(name: string): string | undefined {
  if (Object.hasOwn(namedReferences, name)) return namedReferences[name];
  if (typeof DOMParser === 'undefined') return undefined;
  const text = new DOMParser().parseFromString(`&${name};`, 'text/html').body.textContent;
  return text && text !== `&${name};` ? text : undefined;
}

/**
 * The text of Markdown with its character references (`&amp;`, `&#58;`, `&#x3A;`, `&copy;`) read, as
 * CommonMark asks for text, link destinations and titles. Marked leaves them for the HTML it would
 * write; React writes text, so they are read here.
 */
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, reference: string) => {
    if (!reference.startsWith('#')) return namedReference(reference) ?? whole;
    const point = /^#x/i.test(reference) ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
    return point === 0 || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff) ? '\ufffd' : String.fromCodePoint(point);
  });
}

/**
 * Where a link of the Markdown goes:
 * - `app`: a page of the portal (a path, `?query`, `#heading`): the router navigates, no reload;
 * - `site`: a file this site serves (`/terms-of-use.html`, the API) or mail and phone: an ordinary link;
 * - `external`: the web: a new tab without access to this one (`rel="noopener noreferrer"`).
 */
export type LinkTarget = { kind: 'app'; to: string } | { kind: 'site'; href: string } | { kind: 'external'; href: string };

const siteFolders = /^\/(api|docs|socket\.io)(\/|$)/;
/** The last path segment has an extension: a file, not a page of the portal. */
const fileExtension = /\.[a-z0-9]+$/i;

/**
 * The target of a link, or null for one that stays text: a scheme other than http(s), mailto or tel
 * (javascript:, data:, vbscript:), or another host without a scheme (`//host`, `/\host`). Judged as
 * the browser would read it: character references decoded (the caller passes them decoded), and
 * blanks and control characters, which a browser drops, dropped.
 */
export function linkTarget(href: string): LinkTarget | null {
  const trimmed = href.trim();
  const read = [...trimmed].filter((c) => c.charCodeAt(0) > 0x20 && c !== '\u007f').join('');
  if (!read) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(read)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return { kind: 'external', href: trimmed };
  if (scheme === 'mailto' || scheme === 'tel') return { kind: 'site', href: trimmed };
  if (scheme !== undefined || /^[/\\][/\\]/.test(read) || read.startsWith('\\')) return null;
  const path = read.split(/[?#]/, 1)[0]!;
  if (siteFolders.test(path) || fileExtension.test(path)) return { kind: 'site', href: trimmed };
  return { kind: 'app', to: trimmed };
}
