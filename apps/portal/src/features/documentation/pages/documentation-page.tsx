import { useMemo } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DOCUMENTATION_SLUG_PATTERN } from '@reelcast/protocol';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { useDocumentationList } from '../api/get-documentation-list';
import { AllPagesLink, DocumentationArticle } from '../components/documentation-article';
import { DocumentationIndex } from '../components/documentation-index';
import { useDocumentationTexts } from '../lib/documentation-texts';

function Index() {
  const t = useDocumentationTexts();
  const list = useDocumentationList();
  return (
    <Box
      component="section"
      aria-labelledby="documentation-heading"
      sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}
    >
      <Box>
        <Typography id="documentation-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('intro')}
        </Typography>
        {t('englishOnly') && (
          <Typography color="text.secondary" variant="body2">
            {t('englishOnly')}
          </Typography>
        )}
      </Box>
      {list.isPending && <LoadingScreen />}
      {list.isError && <LoadFailedAlert onRetry={() => void list.refetch()}>{t('loadFailed')}</LoadFailedAlert>}
      {list.data && <DocumentationIndex pages={list.data.pages} />}
    </Box>
  );
}

/**
 * /documentation/* (SPEC §2, linked from the toolbar's button): the project's own docs/ pages from
 * the platform (GET /api/documentation, docs/documentation.md). /documentation lists the pages the
 * account may read, /documentation/<slug> shows one.
 */
export function DocumentationPage() {
  const t = useDocumentationTexts();
  const slug = useParams()['*'] ?? '';
  const list = useDocumentationList();
  // The pages this account can read: links to others stay text. Until the list is there, every page link is made.
  const readable = useMemo(() => (list.data ? new Set(list.data.pages.map((page) => page.slug)) : null), [list.data]);
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {!slug ? (
        <Index />
      ) : DOCUMENTATION_SLUG_PATTERN.test(slug) ? (
        <DocumentationArticle key={slug} slug={slug} readable={readable} />
      ) : (
        <>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('title')}
          </Typography>
          <Alert severity="info">{t('notFound', { slug })}</Alert>
          <AllPagesLink />
        </>
      )}
    </Box>
  );
}
