import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MarkdownView } from '@/shared/markdown/markdown-view';
import { parseMarkdown } from '@/shared/markdown/parse-markdown';
import { useInformation } from '../api/get-information';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';

/** SPEC §2 Information dialog: the operator's information.md; its leading heading is the title. */
export function InformationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const information = useInformation(i18n.language);
  const page = useMemo(() => parseMarkdown(information.data?.content ?? ''), [information.data]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="information-title" fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id="information-title">{page.title ?? t('information.title')}</DialogTitle>
      <DialogContent dividers>
        {information.isPending && <CircularProgress aria-label={t('common.loading')} />}
        {information.isError && <LoadFailedAlert onRetry={() => void information.refetch()}>{t('information.loadFailed')}</LoadFailedAlert>}
        {information.data && <MarkdownView document={page} headingOffset={page.title === null ? 1 : 0} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('information.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
