import { Fragment, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import type { MarkdownDocument, Token, Tokens } from './parse-markdown';
import { plainText } from './parse-markdown';
import { markdownStyles } from './markdown-styles';
import { decodeReferences, linkTarget } from './safe-href';
import { useScrollToHeading } from './use-scroll-to-heading';

const useMarkdownTexts = defineLazyTexts('markdown', {
  en: { table: 'Table: {{columns}}', untitledTable: 'Table', done: 'done', notDone: 'not done' },
  tr: { table: 'Tablo: {{columns}}', untitledTable: 'Tablo', done: 'tamam', notDone: 'yapılmadı' },
  ar: { table: 'جدول: {{columns}}', untitledTable: 'جدول', done: 'منجز', notDone: 'غير منجز' },
});

const variants = { 1: 'h4', 2: 'h5', 3: 'h6', 4: 'subtitle1', 5: 'subtitle2', 6: 'subtitle2' } as const;

/** A mention in plain text that `linkText` makes a link of (e.g. `docs/api.md` in the documentation). */
export type TextLink = { text: string; href: string };

export interface MarkdownViewProps {
  document: MarkdownDocument;
  /** How far headings move down (a page with its own h1: `# x` becomes h2). Never above h2. */
  headingOffset?: number;
  /** Put before each heading's id in the page (the anchor `#x` stays `#x`), so no heading takes an id of the app's. */
  idPrefix?: string;
  /** A link's destination as written → where it goes (null: the link stays text). Default: as written. */
  rewriteHref?: (href: string) => string | null;
  /** Links found in plain text (not in code, not in a link). */
  linkText?: (text: string) => (string | TextLink)[];
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

interface Context {
  props: MarkdownViewProps;
  texts: ReturnType<typeof useMarkdownTexts>;
}

/** A comment of the file (`<!-- … -->`) is the writer's note: not shown. Any other HTML shows as the text it is. */
const isComment = (html: string) => /^\s*<!--[\s\S]*-->\s*$/.test(html);

function MarkdownLink({ href, title, children, context }: { href: string; title?: string; children: ReactNode; context: Context }) {
  const rewritten = context.props.rewriteHref ? context.props.rewriteHref(href) : href;
  const target = rewritten === null ? null : linkTarget(rewritten);
  if (!target) return <>{children}</>;
  if (target.kind === 'app') {
    return (
      <RouterLink to={target.to} title={title} preventScrollReset={target.to.startsWith('#')}>
        {children}
      </RouterLink>
    );
  }
  const external = target.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a href={target.href} title={title} {...external}>
      {children}
    </a>
  );
}

function inline(tokens: readonly Token[], context: Context, inLink = false): ReactNode {
  return tokens.map((token, i) => {
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens) return <Fragment key={i}>{inline(text.tokens, context, inLink)}</Fragment>;
        const decoded = decodeReferences(text.text);
        if (inLink || !context.props.linkText) return <Fragment key={i}>{decoded}</Fragment>;
        return (
          <Fragment key={i}>
            {context.props.linkText(decoded).map((part, j) =>
              typeof part === 'string' ? (
                part
              ) : (
                <MarkdownLink key={j} href={part.href} context={context}>
                  {part.text}
                </MarkdownLink>
              ),
            )}
          </Fragment>
        );
      }
      case 'escape':
        return <Fragment key={i}>{(token as Tokens.Escape).text}</Fragment>;
      case 'html': {
        const html = (token as Tokens.Tag).text;
        return isComment(html) ? null : <Fragment key={i}>{html}</Fragment>;
      }
      case 'strong':
        return <strong key={i}>{inline((token as Tokens.Strong).tokens, context, inLink)}</strong>;
      case 'em':
        return <em key={i}>{inline((token as Tokens.Em).tokens, context, inLink)}</em>;
      case 'del':
        return <del key={i}>{inline((token as Tokens.Del).tokens, context, inLink)}</del>;
      case 'codespan':
        return <code key={i}>{(token as Tokens.Codespan).text}</code>;
      case 'br':
        return <br key={i} />;
      case 'link': {
        const link = token as Tokens.Link;
        // An autolink's address is literal; a written destination may hold character references.
        const href = link.autolink ? link.href : decodeReferences(link.href);
        return (
          <MarkdownLink key={i} href={href} title={link.title ? decodeReferences(link.title) : undefined} context={context}>
            {inline(link.tokens, context, true)}
          </MarkdownLink>
        );
      }
      case 'image': {
        const image = token as Tokens.Image;
        const alt = plainText(image.tokens);
        const target = linkTarget(decodeReferences(image.href));
        if (!target || target.kind === 'app') return <Fragment key={i}>{alt}</Fragment>;
        return <img key={i} src={target.href} alt={alt} title={image.title ? decodeReferences(image.title) : undefined} loading="lazy" />;
      }
      case 'checkbox': {
        const checked = (token as Tokens.Checkbox).checked;
        return (
          <span key={i} role="img" aria-label={context.texts(checked ? 'done' : 'notDone')}>
            {checked ? '☑ ' : '☐ '}
          </span>
        );
      }
      default:
        return 'text' in token && typeof token.text === 'string' ? <Fragment key={i}>{token.text}</Fragment> : null;
    }
  });
}

function TableView({ table, context }: { table: Tokens.Table; context: Context }) {
  const columns = table.header
    .map((cell) => plainText(cell.tokens).trim())
    .filter(Boolean)
    .join(', ');
  const align = (value: Tokens.TableCell['align']) => (value ? { textAlign: value } : undefined);
  return (
    // Wider than a phone: the table scrolls sideways on its own, and takes the focus for the keys to do it.
    <div
      className="markdown-table"
      role="region"
      aria-label={columns ? context.texts('table', { columns }) : context.texts('untitledTable')}
      tabIndex={0}
    >
      <table>
        <thead>
          <tr>
            {table.header.map((cell, i) => (
              <th key={i} scope="col" style={align(cell.align)}>
                {inline(cell.tokens, context)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} style={align(cell.align)}>
                  {inline(cell.tokens, context)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function blocks(tokens: readonly Token[], context: Context): ReactNode {
  const { headingOffset = 1, idPrefix = 'md-' } = context.props;
  return tokens.map((token, i) => {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        const level = Math.min(6, Math.max(2, heading.depth + headingOffset));
        const id = context.props.document.headingIds.get(token);
        const depth = Math.min(6, Math.max(1, heading.depth)) as keyof typeof variants;
        return (
          <Typography
            key={i}
            component={`h${level}` as 'h2'}
            variant={variants[depth]}
            id={id === undefined ? undefined : `${idPrefix}${id}`}
            tabIndex={-1}
            sx={{ mt: 3, mb: 1, fontWeight: 700 }}
          >
            {inline(heading.tokens, context)}
          </Typography>
        );
      }
      case 'paragraph':
        return (
          <Typography key={i} component="p">
            {inline((token as Tokens.Paragraph).tokens, context)}
          </Typography>
        );
      case 'text': {
        // A tight list item's text.
        const text = token as Tokens.Text;
        return <Fragment key={i}>{text.tokens ? inline(text.tokens, context) : decodeReferences(text.text)}</Fragment>;
      }
      case 'list': {
        const list = token as Tokens.List;
        const List = list.ordered ? 'ol' : 'ul';
        return (
          <Typography key={i} component={List} start={list.ordered && list.start !== '' && list.start !== 1 ? list.start : undefined}>
            {list.items.map((item, j) => (
              <li key={j}>{blocks(item.tokens, context)}</li>
            ))}
          </Typography>
        );
      }
      case 'checkbox':
        return <Fragment key={i}>{inline([token], context)}</Fragment>;
      case 'code': {
        const code = token as Tokens.Code;
        const language = code.lang?.split(/\s/, 1)[0];
        return (
          <pre key={i} tabIndex={0} dir="ltr">
            <code className={language ? `language-${language}` : undefined}>{code.text}</code>
          </pre>
        );
      }
      case 'blockquote':
        return <blockquote key={i}>{blocks((token as Tokens.Blockquote).tokens, context)}</blockquote>;
      case 'table':
        return <TableView key={i} table={token as Tokens.Table} context={context} />;
      case 'hr':
        return <hr key={i} />;
      case 'html': {
        const html = (token as Tokens.HTML).text;
        return isComment(html) ? null : (
          <Typography key={i} component="p">
            {html.trim()}
          </Typography>
        );
      }
      default:
        return null;
    }
  });
}

/**
 * Markdown as React elements, never as an HTML string: raw HTML in the text shows as text, and a link
 * goes only where `linkTarget` allows (the portal's pages in the app, the web in a new tab without
 * access to this one, nothing for javascript: and the like). Headings carry ids (`idPrefix` + the
 * GitHub-style anchor) and the view scrolls to the one the address names. Tables and code blocks
 * scroll sideways on a narrow screen.
 */
export function MarkdownView(props: MarkdownViewProps) {
  const texts = useMarkdownTexts();
  const root = useRef<HTMLDivElement>(null);
  useScrollToHeading(root, props.idPrefix ?? 'md-', props.document);
  const context: Context = { props, texts };
  return (
    <Box ref={root} lang={props.lang} dir={props.dir} sx={markdownStyles}>
      {blocks(props.document.blocks, context)}
    </Box>
  );
}
