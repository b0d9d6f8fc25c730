import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';
import { formatJackpot, isHotJackpot, parseJackpots } from '../lib/jackpots';

/**
 * A brand's jackpots; those at or above Settings.json `hotFlagLimit` are flagged hot. The values rise
 * live (the notification socket's jackpot pushes, as the machines are played): not a live
 * region, which would read out every tick; a win is announced once instead (announce-jackpot-win.ts).
 */
export function JackpotList({ jackpot }: { jackpot: string }) {
  const { t, i18n } = useTranslation();
  const { currency, hotFlagLimit } = useSettings();
  const jackpots = parseJackpots(jackpot);
  if (jackpots.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('lobby.jackpots')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {jackpots.map((value, index) => {
        const hot = isHotJackpot(value, hotFlagLimit);
        const amount = formatJackpot(value, i18n.language, currency);
        return (
          // A meter keeps its place (and its element) while its value rises with the pushes.
          <li key={index}>
            <Chip
              icon={<EmojiEventsIcon />}
              label={hot ? `${amount} · ${t('lobby.hot')}` : amount}
              color={hot ? 'error' : 'primary'}
              variant="outlined"
              size="small"
              data-hot={hot || undefined}
            />
          </li>
        );
      })}
    </Box>
  );
}
