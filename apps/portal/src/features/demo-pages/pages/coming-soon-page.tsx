import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '@/shared/components/logo';
import { paths } from '@/shared/config/paths';
import { useSettings } from '@/shared/config/settings';
import { formatDateTime } from '@/shared/lib/format';
import { Countdown } from '../components/countdown';
import { comingSoonTarget } from '../lib/countdown';
import { useComingSoonTexts } from '../lib/coming-soon-texts';
import { useTimeLeft } from '../lib/use-time-left';

/**
 * /pages/coming-soon (SPEC §2 demo page, no shell): a countdown to Settings.json `comingSoonDate`;
 * without a date, the page without a countdown; after it, a line saying the moment has come.
 */
export function ComingSoonPage() {
  const { t: tApp } = useTranslation();
  const t = useComingSoonTexts();
  const target = comingSoonTarget(useSettings().comingSoonDate);
  return (
    // The bare layout is the page's <main>: this only centres the card in it.
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: { xs: 1.5, sm: 3 } }}>
      <Paper
        component="section"
        aria-labelledby="coming-soon-heading"
        sx={{
          width: '100%',
          maxWidth: 560,
          p: { xs: 3, sm: 5 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 2.5,
          textAlign: 'center',
        }}
      >
        <Logo size={56} />
        <Typography id="coming-soon-heading" variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '3rem' } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('lead')}</Typography>
        {target === null ? <Typography>{t('noDate')}</Typography> : <CountdownTo target={target} />}
        <Button component={RouterLink} to={paths.lobby.getHref()} variant="contained">
          {tApp('errors.backToLobby')}
        </Button>
      </Paper>
    </Box>
  );
}

function CountdownTo({ target }: { target: number }) {
  const t = useComingSoonTexts();
  const left = useTimeLeft(target);
  // Digits, dots and colons keep their order inside an Arabic sentence.
  const date = `\u2068${formatDateTime(target)}\u2069`;
  return (
    <>
      <Typography sx={{ fontWeight: 600 }} data-testid="coming-soon-when">
        {left.past ? t('arrived', { date }) : t('until', { date })}
      </Typography>
      <Countdown left={left} />
    </>
  );
}
