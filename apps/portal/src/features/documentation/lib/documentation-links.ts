import type { TextLink } from '@/shared/markdown/markdown-view';

/** The portal's address of a documentation page. */
export const documentationPath = (slug?: string) => (slug ? `/documentation/${slug}` : '/documentation');

/** `x.md`, `./x.md`, `docs/x.md`, `../docs/x.md`, each maybe with `#anchor`: a link between pages as the repository writes it. */
const pageLink = /^(?:\.\/|(?:\.\.\/)*docs\/)?([a-z0-9-]+)\.md(#[^#\s]*)?$/;
/** A mention of a page in running text: `docs/x.md`, maybe with `#anchor`. */
const pageMention = /\bdocs\/([a-z0-9-]+)\.md(#[\w-]+)?/g;

/**
 * Where a link of a documentation page goes in the portal: another page (`deployment.md#x`,
 * `docs/x.md`) → /documentation/x#anchor, an anchor of this page stays, the web and the site's own
 * paths stay as written. A page the account cannot read (not in `readable`), or another file of the
 * repository (`../apps/x.ts`, `../README.md`), the portal does not serve: the link stays text.
 * `readable` null (the list did not come): every page link is made.
 */
export function documentationHref(href: string, readable: ReadonlySet<string> | null): string | null {
  if (href.startsWith('#')) return href;
  const page = pageLink.exec(href);
  if (page) {
    const [, slug, anchor = ''] = page;
    return readable === null || readable.has(slug!) ? `${documentationPath(slug)}${anchor}` : null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return href;
  return null;
}

/** `docs/x.md` named in plain text becomes a link when the account can read that page. */
export function linkPageMentions(text: string, readable: ReadonlySet<string> | null): (string | TextLink)[] {
  const parts: (string | TextLink)[] = [];
  let last = 0;
  for (const match of text.matchAll(pageMention)) {
    const [whole, slug] = match;
    if (readable !== null && !readable.has(slug!)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ text: whole, href: whole });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
