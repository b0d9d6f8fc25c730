import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import type { BrowserVerdict } from '../lib/browser-rule';
import { noticeTexts } from '../lib/notice-texts';
import { DoorCard } from './door-card';

const useNoticeTexts = defineLazyTexts('browserNotice', noticeTexts);

/** Where the recommended browsers come from (Safari only on Apple's own devices). */
export const downloadLinks = { chrome: 'https://www.google.com/chrome/', safari: 'https://www.apple.com/safari/' } as const;

/**
 * SPEC §1 "Browser checks", shown instead of the app: a Chrome- or Safari-like browser (or a phone's)
 * without WebRTC gets 'no-webrtc'; another desktop browser gets 'recommend-browser'.
 */
export function BrowserNotice({ problem }: { problem: Exclude<BrowserVerdict, 'app'> }) {
  const t = useNoticeTexts();
  if (problem === 'no-webrtc') {
    return (
      <DoorCard title={t('noWebrtc.title')}>
        <Typography>{t('noWebrtc.body')}</Typography>
        <Typography component="ul" sx={{ m: 0, ps: 3, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <li>{t('noWebrtc.enable')}</li>
          <li>{t('noWebrtc.vpn')}</li>
        </Typography>
      </DoorCard>
    );
  }
  return (
    <DoorCard title={t('recommend.title')}>
      <Typography>{t('recommend.body')}</Typography>
      {/* One above the other: side by side in the card, 'Download Google Chrome' wrapped. */}
      <Stack spacing={1.5} useFlexGap>
        <Button variant="contained" href={downloadLinks.chrome} sx={{ whiteSpace: 'nowrap' }}>
          {t('recommend.chrome')}
        </Button>
        <Button variant="outlined" href={downloadLinks.safari} sx={{ whiteSpace: 'nowrap' }}>
          {t('recommend.safari')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('recommend.safariNote')}
      </Typography>
    </DoorCard>
  );
}
