/**
 * A small Markdown reader for the operator's rules: headings, paragraphs, lists, rules (---), bold,
 * italics, code and links. It builds a tree that React renders as elements, never as HTML, so
 * nothing in the file can inject markup; HTML in the file shows as text.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'rule' };

const inlinePattern = /\*\*(.+?)\*\*|__(.+?)__|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*(.+?)\*|_(.+?)_/;

/** Links only to the web, mail, or a path of this site; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return null;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = inlinePattern.exec(rest);
    if (!match) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: 'text', text: rest.slice(0, match.index) });
    const [whole, strong, strong2, code, linkText, href, em, em2] = match;
    if (strong ?? strong2) out.push({ type: 'strong', children: parseInline((strong ?? strong2)!) });
    else if (code) out.push({ type: 'code', text: code });
    else if (linkText && href) {
      const safe = safeHref(href);
      out.push(safe ? { type: 'link', href: safe, children: parseInline(linkText) } : { type: 'text', text: linkText });
    } else out.push({ type: 'em', children: parseInline((em ?? em2)!) });
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

const bullet = /^\s*[-*+]\s+(.*)$/;
const numbered = /^\s*\d+[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    const item = bullet.exec(line) ?? numbered.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1]!.length as 1, children: parseInline(heading[2]!) });
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
    } else if (item) {
      const ordered = !bullet.test(line);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
    } else if (list && /^\s+/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** The text of inline nodes, without their marks. */
export const plainText = (nodes: Inline[]): string => nodes.map((n) => ('text' in n ? n.text : plainText(n.children))).join('');

/**
 * An operator's page as a title and a body: a leading level-1 heading is the title (null when the
 * page has none, and the body keeps every block).
 */
export function splitTitle(blocks: Block[]): { title: string | null; body: Block[] } {
  const [first, ...rest] = blocks;
  if (first?.type === 'heading' && first.level === 1) return { title: plainText(first.children), body: rest };
  return { title: null, body: blocks };
}
