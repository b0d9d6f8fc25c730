import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/shared/theme/theme';
import { minutesInWords, twoDigits, type TimeLeft } from '../lib/countdown';
import { useComingSoonTexts } from '../lib/coming-soon-texts';

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * The countdown: four boxes that tick every second, marked as a `timer` (which screen readers do not
 * read out on each change), and a polite live region saying the time left in whole minutes, so it
 * speaks at most once a minute; once the moment is reached, only the region, saying so.
 */
export function Countdown({ left }: { left: TimeLeft }) {
  const { i18n } = useTranslation();
  const t = useComingSoonTexts();
  const words = minutesInWords(left, i18n.language);
  const announcement = left.past ? t('announceArrived') : words ? t('left', { time: words }) : t('underAMinute');
  return (
    <>
      {!left.past && (
        // Days to seconds run left to right in every language, as a clock's digits do.
        <Box
          role="timer"
          aria-label={t('countdown')}
          dir="ltr"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: { xs: 1, sm: 2 }, width: '100%', maxWidth: 480 }}
        >
          {units.map((unit) => (
            <Box key={unit} sx={{ bgcolor: 'action.hover', borderRadius: 2, py: { xs: 1.5, sm: 2 }, px: 0.5, textAlign: 'center' }}>
              <Typography
                component="span"
                data-testid={`countdown-${unit}`}
                sx={{ display: 'block', fontWeight: 800, fontSize: { xs: '1.75rem', sm: '2.5rem' }, fontVariantNumeric: 'tabular-nums' }}
              >
                {twoDigits(left[unit], i18n.language)}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary" dir="auto" sx={{ display: 'block' }}>
                {t(`units.${unit}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <div role="status" aria-live="polite" style={visuallyHidden} data-testid="countdown-announcement">
        {announcement}
      </div>
    </>
  );
}
