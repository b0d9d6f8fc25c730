import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { infoPageHref, type InfoPage } from '../lib/info-pages';

const useInfoPageTexts = defineLazyTexts('infoPage', {
  en: { openInNewTab: 'Open in a new tab' },
  tr: { openInNewTab: 'Yeni sekmede aç' },
  ar: { openInNewTab: 'فتح في علامة تبويب جديدة' },
});

/**
 * SPEC §2: a footer info page in a full-size modal, the platform's page in a frame (same origin:
 * docs/security.md frame-src / frame-ancestors 'self'). Esc closes it, also while the frame has the
 * focus, and the focus returns to the link that opened it. `page` null closes it (the last page stays
 * in view while it fades out).
 */
export function InfoPageDialog({ page, onClose }: { page: InfoPage | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const texts = useInfoPageTexts();
  const { palette } = useTheme();
  const [shown, setShown] = useState(page);
  if (page !== null && page !== shown) setShown(page);
  const frame = useRef<HTMLIFrameElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  if (shown === null) return null;
  const title = t(`footer.${shown}`);
  // The page in the dialog's own colours, whatever the device prefers.
  const src = `${infoPageHref(shown, i18n.language)}&theme=${palette.mode}`;

  // A key pressed inside the frame stays in the frame's document: listen there for Esc.
  const listenForEscape = () => {
    frame.current?.contentWindow?.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close.current();
    });
  };

  return (
    <Dialog open={page !== null} onClose={onClose} fullScreen aria-labelledby="info-page-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="info-page-title" component="h2" variant="h6" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {title}
        </Typography>
        <IconButton
          component="a"
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={texts('openInNewTab')}
          title={texts('openInNewTab')}
        >
          <OpenInNewIcon />
        </IconButton>
        <IconButton onClick={onClose} aria-label={t('common.close')} title={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        component="iframe"
        ref={frame}
        key={src}
        src={src}
        title={title}
        onLoad={listenForEscape}
        sx={{ flex: 1, width: '100%', border: 0, display: 'block', bgcolor: 'background.paper' }}
      />
    </Dialog>
  );
}
