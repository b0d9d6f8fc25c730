import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** What a page shows when its data did not arrive: the message, and 'Retry' that asks again. */
export function LoadFailedAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
