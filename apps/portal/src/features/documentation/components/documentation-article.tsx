import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { formatDateTime } from '@/shared/lib/format';
import { MarkdownView } from '@/shared/markdown/markdown-view';
import { parseMarkdown } from '@/shared/markdown/parse-markdown';
import { pageRefusal, useDocumentationPage } from '../api/get-documentation-page';
import { documentationHref, documentationPath, linkPageMentions } from '../lib/documentation-links';
import { useDocumentationTexts } from '../lib/documentation-texts';
import { TableOfContents } from './table-of-contents';

/** The heading ids' prefix in the page: no heading of a document takes an id of the app's (`navbar`). */
const idPrefix = 'doc-';

export function AllPagesLink() {
  const t = useDocumentationTexts();
  return (
    <Box component={RouterLink} to={documentationPath()} sx={{ color: 'primary.main', typography: 'body2', alignSelf: 'start' }}>
      {t('allPages')}
    </Box>
  );
}

/**
 * /documentation/:slug: one page, its title the page's h1, its headings a table of contents beside it
 * (above it on a phone), links to other pages kept in the app. The page is English (lang, ltr) inside
 * the portal's own language and direction. A refusal of the server (an operator page for a player,
 * no such page) is said in words, with the way back to the list.
 */
export function DocumentationArticle({ slug, readable }: { slug: string; readable: ReadonlySet<string> | null }) {
  const t = useDocumentationTexts();
  const page = useDocumentationPage(slug);
  const document = useMemo(() => parseMarkdown(page.data?.content ?? ''), [page.data]);
  const links = useMemo(
    () => ({
      rewriteHref: (href: string) => documentationHref(href, readable),
      linkText: (text: string) => linkPageMentions(text, readable),
    }),
    [readable],
  );

  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    const refusal = pageRefusal(page.error);
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
        {refusal === 'forbidden' && <Alert severity="warning">{t('forbidden')}</Alert>}
        {refusal === 'not-found' && <Alert severity="info">{t('notFound', { slug })}</Alert>}
        {refusal === null && <LoadFailedAlert onRetry={() => void page.refetch()}>{t('pageFailed')}</LoadFailedAlert>}
        <AllPagesLink />
      </Box>
    );
  }

  return (
    <Box
      component="article"
      aria-labelledby="documentation-page-heading"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 240px' },
        gridTemplateAreas: { xs: '"header" "toc" "body"', md: '"header header" "body toc"' },
        columnGap: 4,
        rowGap: 2,
      }}
    >
      <Box component="header" sx={{ gridArea: 'header', display: 'flex', flexDirection: 'column', gap: 1 }}>
        <AllPagesLink />
        <Typography id="documentation-page-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          <span lang="en" dir="ltr">
            {document.title ?? page.data.title}
          </span>
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('updatedAt', { date: formatDateTime(page.data.updatedAt) })}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'toc', minWidth: 0 }}>
        <TableOfContents headings={document.headings} />
      </Box>
      <Box sx={{ gridArea: 'body', minWidth: 0 }}>
        <MarkdownView
          document={document}
          headingOffset={document.title === null ? 1 : 0}
          idPrefix={idPrefix}
          lang="en"
          dir="ltr"
          {...links}
        />
      </Box>
    </Box>
  );
}
