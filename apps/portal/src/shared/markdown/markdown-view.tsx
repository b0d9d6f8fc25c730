import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Block, Inline } from './parse-markdown';

const variants = { 1: 'h4', 2: 'h5', 3: 'h6', 4: 'subtitle1', 5: 'subtitle2', 6: 'subtitle2' } as const;

function InlineView({ nodes }: { nodes: Inline[] }): ReactNode {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return (
          <strong key={i}>
            <InlineView nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={i}>
            <InlineView nodes={node.children} />
          </em>
        );
      case 'code':
        return (
          <Box component="code" key={i} sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
            {node.text}
          </Box>
        );
      case 'link': {
        const external = /^https?:/i.test(node.href);
        return (
          <Link key={i} href={node.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            <InlineView nodes={node.children} />
          </Link>
        );
      }
    }
  });
}

/**
 * Renders parsed Markdown as React elements (no HTML strings). Heading levels move down by
 * `headingOffset` and never reach h1: the page keeps its single h1.
 */
export function MarkdownView({ blocks, headingOffset = 1 }: { blocks: Block[]; headingOffset?: number }) {
  return (
    <Box sx={{ '& > *:first-of-type': { mt: 0 } }}>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading': {
            const level = Math.min(6, Math.max(2, block.level + headingOffset)) as 2 | 3 | 4 | 5 | 6;
            return (
              <Typography key={i} component={`h${level}`} variant={variants[block.level]} sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
                <InlineView nodes={block.children} />
              </Typography>
            );
          }
          case 'paragraph':
            return (
              <Typography key={i} sx={{ my: 1.5 }}>
                <InlineView nodes={block.children} />
              </Typography>
            );
          case 'list':
            return (
              <Box key={i} component={block.ordered ? 'ol' : 'ul'} sx={{ my: 1.5, paddingInlineStart: 3 }}>
                {block.items.map((item, j) => (
                  <Typography key={j} component="li" sx={{ my: 0.5 }}>
                    <InlineView nodes={item} />
                  </Typography>
                ))}
              </Box>
            );
          case 'rule':
            return <Divider key={i} sx={{ my: 3 }} />;
        }
      })}
    </Box>
  );
}
