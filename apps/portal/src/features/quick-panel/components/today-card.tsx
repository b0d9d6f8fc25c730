import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { localIsoDate, todayParts } from '../lib/today';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';

/** SPEC §2 "Today": the weekday, the day and the month in the player's language. */
export function TodayCard() {
  const t = useQuickPanelTexts();
  const { i18n } = useTranslation();
  const now = new Date();
  const { weekday, day, month, full } = todayParts(now, i18n.language);
  return (
    <Box component="section" aria-label={t('today')} sx={{ textAlign: 'center', py: 1 }}>
      <Box component="time" dateTime={localIsoDate(now)} aria-label={full} sx={{ display: 'block' }}>
        <Typography component="span" variant="h6" sx={{ display: 'block', fontWeight: 400 }}>
          {weekday}
        </Typography>
        <Typography component="span" variant="h2" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.1 }}>
          {day}
        </Typography>
        <Typography component="span" variant="h6" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
          {month}
        </Typography>
      </Box>
    </Box>
  );
}
