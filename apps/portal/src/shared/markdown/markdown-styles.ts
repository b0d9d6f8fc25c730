/**
 * How Markdown looks in the portal: the theme's colours, spacing in the reading direction, code in a
 * monospace face, tables and code blocks scrolling sideways in their own box on a narrow screen.
 */
export const markdownStyles = {
  overflowWrap: 'break-word',
  '& > :first-child': { mt: 0 },
  '& p, & ul, & ol, & blockquote, & pre, & .markdown-table': { my: 1.5 },
  '& ul, & ol': { paddingInlineStart: 3 },
  '& li': { my: 0.5 },
  '& li > p': { my: 0.5 },
  '& a': { color: 'primary.main', textUnderlineOffset: '0.15em' },
  '& a:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
  '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875em' },
  '& :not(pre) > code': { bgcolor: 'action.hover', px: 0.5, py: 0.125, borderRadius: 0.5 },
  '& pre': { overflowX: 'auto', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, lineHeight: 1.5 },
  '& pre:focus-visible, & .markdown-table:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
  '& blockquote': { mx: 0, px: 2, py: 0.5, borderInlineStart: 4, borderColor: 'divider', color: 'text.secondary' },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
  '& .markdown-table': { overflowX: 'auto', maxWidth: '100%' },
  '& table': { borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums', typography: 'body2' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'start', verticalAlign: 'top' },
  '& th': { bgcolor: 'action.hover', fontWeight: 700 },
  '& img': { maxWidth: '100%' },
  '& [tabindex="-1"]:focus': { outline: 'none' },
  '& h2, & h3, & h4, & h5, & h6': { scrollMarginTop: 80 },
} as const;
