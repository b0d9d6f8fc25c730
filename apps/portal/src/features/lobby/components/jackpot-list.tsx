import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';
import { formatJackpot, parseJackpots } from '../lib/jackpots';

export function JackpotList({ jackpot }: { jackpot: string }) {
  const { t, i18n } = useTranslation();
  const { currency } = useSettings();
  const jackpots = parseJackpots(jackpot);
  if (jackpots.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('lobby.jackpots')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {jackpots.map((value, index) => (
        <li key={`${index}-${value}`}>
          <Chip
            icon={<EmojiEventsIcon />}
            label={formatJackpot(value, i18n.language, currency)}
            color="primary"
            variant="outlined"
            size="small"
          />
        </li>
      ))}
    </Box>
  );
}
