import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { cardedFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { formatDateTime } from '@/shared/lib/format';
import { useRules } from '../api/get-rules';
import { MarkdownView } from '@/shared/markdown/markdown-view';
import { parseMarkdown } from '@/shared/markdown/parse-markdown';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';

/** /rules: the operator's rules (GET /api/rules). A leading level-1 heading in the file becomes the page title. */
export function RulesPage() {
  const { t, i18n } = useTranslation();
  const rules = useRules(i18n.language);
  const page = useMemo(() => parseMarkdown(rules.data?.content ?? ''), [rules.data]);
  const titled = page.title !== null;
  const title = page.title ?? t('rules.title');

  return (
    <PageLayout
      layout={cardedFullWidth}
      component="article"
      aria-labelledby="rules-heading"
      contentMaxWidth={960}
      header={
        <Typography id="rules-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {title || t('rules.title')}
        </Typography>
      }
    >
      {rules.isPending && <LoadingScreen />}
      {rules.isError && <LoadFailedAlert onRetry={() => void rules.refetch()}>{t('rules.loadFailed')}</LoadFailedAlert>}
      {rules.data && (
        <div>
          <MarkdownView document={page} headingOffset={titled ? 0 : 1} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
            {t('rules.updatedAt', { date: formatDateTime(rules.data.updatedAt) })}
          </Typography>
        </div>
      )}
    </PageLayout>
  );
}
