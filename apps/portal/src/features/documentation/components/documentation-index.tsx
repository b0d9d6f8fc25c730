import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { documentationAudiences, type DocumentationEntry } from '@reelcast/protocol';
import { documentationPath } from '../lib/documentation-links';
import { useDocumentationTexts } from '../lib/documentation-texts';

const headingOf = { player: 'playerPages', operator: 'operatorPages' } as const;

/** /documentation: the pages the account may read, the player pages and the operator's apart, each a link. */
export function DocumentationIndex({ pages }: { pages: readonly DocumentationEntry[] }) {
  const t = useDocumentationTexts();
  if (!pages.length) return <Typography color="text.secondary">{t('noPages')}</Typography>;
  return (
    <>
      {documentationAudiences.map((audience) => {
        const group = pages.filter((page) => page.audience === audience);
        if (!group.length) return null;
        const id = `documentation-${audience}-pages`;
        return (
          <Box component="section" key={audience} aria-labelledby={id}>
            <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t(headingOf[audience])}
            </Typography>
            <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.map((page, i) => (
                <Box component="li" key={page.slug} sx={{ borderTop: i ? 1 : 0, borderColor: 'divider' }}>
                  <Box
                    component={RouterLink}
                    to={documentationPath(page.slug)}
                    sx={{
                      display: 'block',
                      px: 2,
                      py: 1.5,
                      color: 'text.primary',
                      textDecoration: 'none',
                      textAlign: 'start',
                      '&:hover': { bgcolor: 'action.hover' },
                      '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
                    }}
                  >
                    <span lang="en" dir="ltr">
                      {page.title}
                    </span>
                  </Box>
                </Box>
              ))}
            </Paper>
          </Box>
        );
      })}
    </>
  );
}
