import { Marked, type Tokens } from 'marked';

export type PageLanguage = 'en' | 'tr' | 'ar';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

const safeSchemes = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Links and images may go to the web, to mail or a phone, or to a path of this site; nothing else (no
 * javascript:, data:). Checked as a browser reads it: character references decoded, blanks dropped.
 */
function isSafeUrl(href: string): boolean {
  const decoded = href
    .replace(/&#(x[0-9a-f]{1,6}|\d{1,7});?/gi, (_, code: string) => {
      const point = /^x/i.test(code) ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    })
    .replace(/&colon;?/gi, ':');
  const read = [...decoded].filter((c) => c.charCodeAt(0) > 0x20 && c !== '\u007f').join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(read)?.[1];
  return scheme === undefined ? !read.includes(':') || /^[/?#.]/.test(read) : safeSchemes.has(scheme.toLowerCase());
}

/**
 * The operator's Markdown as HTML (GitHub-flavoured: tables, strikethrough). The operator is trusted,
 * but a page is no place for markup: raw HTML in the file shows as text, and links other than web,
 * mail, phone or this site's paths show as their text.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return 'block' in token && token.block ? `<p>${text.trim()}</p>\n` : text;
    },
    link(token: Tokens.Link) {
      return isSafeUrl(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      return isSafeUrl(token.href) ? false : escapeHtml(token.text);
    },
  },
});

export function markdownToHtml(source: string): string {
  return markdown.parse(source, { async: false });
}

/** The text of the first level-1 heading, without its Markdown marks. */
export function firstHeading(source: string): string | null {
  const heading = markdown.lexer(source).find((token): token is Tokens.Heading => token.type === 'heading' && token.depth === 1);
  return heading ? heading.text.replace(/[*_`~]|\\(?=.)/g, '').trim() : null;
}

const styles = `
:root { color-scheme: light; --ink: #1c2733; --muted: #4f5d6b; --paper: #ffffff; --line: #d5dbe1; --accent: #0b5cad; --soft: #f1f4f7; }
:root[data-theme="dark"] { color-scheme: dark; --ink: #e8edf2; --muted: #a9b6c3; --paper: #121a22; --line: #2f3d4b; --accent: #7cc4ff; --soft: #1b2631; }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme]) { color-scheme: dark; --ink: #e8edf2; --muted: #a9b6c3; --paper: #121a22; --line: #2f3d4b; --accent: #7cc4ff; --soft: #1b2631; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; overflow-wrap: break-word; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; padding-block-end: 0.25rem; border-block-end: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.5rem 0 0.5rem; }
p, ul, ol { margin: 0 0 1rem; }
ul, ol { padding-inline-start: 1.5rem; }
li { margin-block-end: 0.25rem; }
a { color: var(--accent); }
a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--soft); padding: 0 0.25em; border-radius: 4px; }
hr { border: 0; border-block-start: 1px solid var(--line); margin: 2rem 0; }
blockquote { margin: 0 0 1rem; padding: 0.5rem 1rem; border-inline-start: 4px solid var(--line); color: var(--muted); }
table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; margin: 0 0 1.25rem; font-variant-numeric: tabular-nums; }
th, td { padding: 0.4rem 0.75rem; border: 1px solid var(--line); text-align: start; }
thead th { background: var(--soft); }
td.number { text-align: end; }
.note { color: var(--muted); font-size: 0.95rem; }
.paylines { list-style: none; padding-inline-start: 0; }
.line-shape { display: inline-grid; grid-template-columns: repeat(5, 0.7rem); gap: 2px; vertical-align: middle; }
.line-shape span { height: 0.7rem; background: var(--line); border-radius: 2px; }
.line-shape span.on { background: var(--accent); }
`;

export type PageTheme = 'light' | 'dark';

/**
 * A complete, self-contained page: language and direction, a title, phone-sized; no script. Light or
 * dark as `theme` says (the portal passes its own), else as the browser prefers.
 */
export function htmlDocument(options: { language: PageLanguage; theme?: PageTheme; title: string; body: string }): string {
  const dir = options.language === 'ar' ? 'rtl' : 'ltr';
  const theme = options.theme ? ` data-theme="${options.theme}"` : '';
  return `<!doctype html>
<html lang="${options.language}" dir="${dir}"${theme}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${options.theme ?? 'light dark'}">
<title>${escapeHtml(options.title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${options.body}
</main>
</body>
</html>
`;
}
