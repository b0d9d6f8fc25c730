import { Lexer, type Token, type Tokens } from 'marked';
import { headingSlugger } from './heading-ids';
import { decodeReferences } from './safe-href';

export type { Token, Tokens };

/** A heading of the page, for a table of contents: `id` is its anchor (`#id`). */
export interface MarkdownHeading {
  depth: number;
  text: string;
  id: string;
}

/** A Markdown text read by marked: the blocks React renders (markdown-view.tsx), never HTML. */
export interface MarkdownDocument {
  /** A leading level-1 heading, as text (null when the text starts otherwise); it is not in `blocks`. */
  title: string | null;
  blocks: Token[];
  /** Every heading of `blocks`, in order, with its id. */
  headings: MarkdownHeading[];
  /** The id of each heading token of `blocks`. */
  headingIds: ReadonlyMap<Token, string>;
}

/** The text of inline tokens, without their marks (a heading's text, a title). */
export function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token): string => {
      switch (token.type) {
        case 'text':
          return token.tokens ? plainText(token.tokens) : decodeReferences(String(token.text));
        case 'escape':
        case 'codespan':
        case 'html':
          return String(token.text);
        case 'image':
          return decodeReferences(String(token.text));
        case 'br':
          return ' ';
        default:
          return 'tokens' in token && Array.isArray(token.tokens) ? plainText(token.tokens) : '';
      }
    })
    .join('');
}

/** Headings inside block quotes and list items too: every one can be a link's target. */
function collectHeadings(tokens: readonly Token[], into: Tokens.Heading[]): Tokens.Heading[] {
  for (const token of tokens) {
    if (token.type === 'heading') into.push(token as Tokens.Heading);
    else if (token.type === 'blockquote') collectHeadings((token as Tokens.Blockquote).tokens, into);
    else if (token.type === 'list') for (const item of (token as Tokens.List).items) collectHeadings(item.tokens, into);
  }
  return into;
}

/**
 * Reads Markdown (GitHub-flavoured: tables, strikethrough, task lists, bare web addresses) with
 * marked, the library the platform renders the footer's info pages with. Nothing here becomes HTML:
 * markdown-view.tsx turns the tokens into React elements, raw HTML into text.
 */
export function parseMarkdown(source: string): MarkdownDocument {
  const tokens = Lexer.lex(source, { gfm: true });
  let blocks: Token[] = tokens.filter((token) => token.type !== 'space' && token.type !== 'def');
  const [first] = blocks;
  let title: string | null = null;
  if (first?.type === 'heading' && (first as Tokens.Heading).depth === 1) {
    title = plainText((first as Tokens.Heading).tokens).trim();
    blocks = blocks.slice(1);
  }
  const slug = headingSlugger();
  // GitHub counts the title among the page's headings: a later heading of the same text gets `-1`.
  if (title !== null) slug(title);
  const headingIds = new Map<Token, string>();
  const headings = collectHeadings(blocks, []).map((heading): MarkdownHeading => {
    const text = plainText(heading.tokens).trim();
    const id = slug(text);
    headingIds.set(heading, id);
    return { depth: heading.depth, text, id };
  });
  return { title, blocks, headings, headingIds };
}
