import type { MarkdownDocument, Token, Tokens } from '@/shared/markdown/parse-markdown';

/** A part of a Markdown page under one heading: its heading (null before the first), the anchor and the text. */
export type MarkdownSection = { heading: string | null; id: string | null; text: string };

type PlainText = (tokens: readonly Token[]) => string;

function blockText(token: Token, plainText: PlainText): string {
  switch (token.type) {
    case 'paragraph':
    case 'text':
      return 'tokens' in token && Array.isArray(token.tokens) ? plainText(token.tokens) : String(token.text);
    case 'code':
    case 'html':
      return String(token.text);
    case 'blockquote':
      return blocksText((token as Tokens.Blockquote).tokens, plainText);
    case 'list':
      return (token as Tokens.List).items.map((item) => blocksText(item.tokens, plainText)).join(' ');
    case 'table': {
      const table = token as Tokens.Table;
      return [table.header, ...table.rows].flatMap((row) => row.map((cell) => plainText(cell.tokens))).join(' ');
    }
    default:
      return '';
  }
}

const blocksText = (tokens: readonly Token[], plainText: PlainText): string =>
  tokens
    .map((token) => blockText(token, plainText))
    .filter(Boolean)
    .join(' ');

/**
 * A page read by the portal's Markdown reader (shared/markdown/parse-markdown.ts), cut at its
 * headings: each section with its heading's anchor (the id the page's view gives it), its text plain
 * and on one line. `plainText` is the reader's own (passed in: the reader loads with the search's data).
 */
export function markdownSections(document: MarkdownDocument, plainText: PlainText): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection & { parts: string[] } = { heading: null, id: null, text: '', parts: [] };
  const close = () => {
    const text = current.parts.join(' ').replace(/\s+/g, ' ').trim();
    if (current.heading !== null || text) sections.push({ heading: current.heading, id: current.id, text });
  };
  for (const token of document.blocks) {
    if (token.type === 'heading') {
      close();
      current = {
        heading: plainText((token as Tokens.Heading).tokens).trim(),
        id: document.headingIds.get(token) ?? null,
        text: '',
        parts: [],
      };
    } else {
      current.parts.push(blockText(token, plainText));
    }
  }
  close();
  return sections;
}
