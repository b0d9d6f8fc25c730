import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToastStore } from './toast-store';

/**
 * The current toast in a top-centre Snackbar (SPEC §8 message bar), just below the toolbar's height so
 * it never covers the toolbar's buttons (a player pressing Discount again while a toast shows).
 */
export function ToastBar() {
  const { t } = useTranslation();
  const toast = useToastStore((state) => state.toasts[0]);
  if (!toast) return null;
  const close = () => dismissToast(toast.id);
  return (
    <Snackbar
      key={toast.id}
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, sm: 72 } }}
      autoHideDuration={toast.autoHideDuration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        severity={toast.severity}
        role={toast.polite ? 'status' : 'alert'}
        variant="filled"
        onClose={close}
        closeText={t('common.close')}
        sx={{ width: '100%' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
