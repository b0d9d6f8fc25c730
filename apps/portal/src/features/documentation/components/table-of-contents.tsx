import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { MarkdownHeading } from '@/shared/markdown/parse-markdown';
import { useDocumentationTexts } from '../lib/documentation-texts';

const linkStyle = {
  display: 'block',
  py: 0.5,
  color: 'text.secondary',
  textDecoration: 'none',
  typography: 'body2',
  '&:hover, &:focus-visible': { color: 'primary.main', textDecoration: 'underline' },
  '&[aria-current="location"]': { color: 'primary.main', fontWeight: 700 },
} as const;

/**
 * A page's table of contents: its level-2 and level-3 headings as links to their anchors. Beside the
 * page on a wide screen; above it on a phone, folded behind a button until asked for (and folded
 * again once a heading is picked).
 */
export function TableOfContents({ headings }: { headings: readonly MarkdownHeading[] }) {
  const t = useDocumentationTexts();
  const { hash } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const shown = headings.filter((heading) => heading.depth === 2 || heading.depth === 3);
  if (!shown.length) return null;
  return (
    <Box component="nav" aria-label={t('onThisPage')} sx={{ position: { md: 'sticky' }, top: { md: 16 }, alignSelf: 'start' }}>
      <Typography component="h2" variant="overline" sx={{ display: { xs: 'none', md: 'block' }, color: 'text.secondary' }}>
        {t('onThisPage')}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        {t('onThisPage')}
      </Button>
      <Box
        component="ul"
        id={listId}
        sx={{
          display: { xs: open ? 'block' : 'none', md: 'block' },
          listStyle: 'none',
          m: 0,
          mt: 1,
          p: 0,
          maxHeight: { md: 'calc(100dvh - 160px)' },
          overflowY: { md: 'auto' },
          borderInlineStart: 1,
          borderColor: 'divider',
        }}
      >
        {shown.map((heading) => (
          <Box component="li" key={heading.id} sx={{ paddingInlineStart: heading.depth === 3 ? 3 : 1.5 }}>
            <Box
              component={RouterLink}
              to={{ hash: heading.id }}
              preventScrollReset
              aria-current={hash === `#${heading.id}` ? 'location' : undefined}
              onClick={() => setOpen(false)}
              sx={linkStyle}
            >
              <span lang="en" dir="ltr">
                {heading.text}
              </span>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
