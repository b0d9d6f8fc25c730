import { Suspense, use } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { countryName } from '../lib/country-name';
import { ipCheckTexts } from '../lib/ip-check-texts';
import type { IpCheckOutcome } from '../lib/ip-check';
import { DoorCard } from './door-card';

const useIpCheckTexts = defineLazyTexts('ipCheck', ipCheckTexts);

type IpGateProps = {
  /** The check under way (lib/ip-check.ts `checkIp`). */
  outcome: Promise<IpCheckOutcome>;
  onReload?: () => void;
};

/**
 * SPEC §4 "IP check": 'Your IP address is being checked' until the platform answers, then the
 * blocked screen or the network-error alert. An allowed visitor keeps the checking screen until the
 * app replaces it (app/main.tsx).
 */
export function IpGate({ outcome, onReload = () => window.location.reload() }: IpGateProps) {
  return (
    <Suspense fallback={<Checking />}>
      <Verdict outcome={outcome} onReload={onReload} />
    </Suspense>
  );
}

function Verdict({ outcome, onReload }: Required<IpGateProps>) {
  const result = use(outcome);
  switch (result.kind) {
    case 'allowed':
      return <Checking />;
    case 'blocked':
      return <Blocked ip={result.ip} country={result.country} />;
    case 'failed':
      return <NetworkError onReload={onReload} />;
  }
}

function Checking() {
  const t = useIpCheckTexts();
  return (
    <DoorCard role="status">
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-hidden size={32} />
      </Box>
      <Typography component="h1" variant="h6" sx={{ textAlign: 'center' }}>
        {t('checking')}
      </Typography>
    </DoorCard>
  );
}

function Blocked({ ip, country }: { ip: string; country: string }) {
  const t = useIpCheckTexts();
  const { i18n } = useTranslation();
  return (
    <DoorCard title={t('blockedTitle')}>
      <Typography>{t('blocked', { country: countryName(country, i18n.language), ip })}</Typography>
      {/* The country comes from DB-IP's IP to Country Lite database, whose CC BY 4.0 licence asks for this credit (docs/ip-check.md). */}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }} lang="en" dir="ltr">
        <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
          IP Geolocation by DB-IP
        </a>
      </Typography>
    </DoorCard>
  );
}

function NetworkError({ onReload }: { onReload: () => void }) {
  const t = useIpCheckTexts();
  return (
    <DoorCard>
      <Alert severity="error">{t('networkError')}</Alert>
      <Button variant="contained" onClick={onReload} sx={{ alignSelf: 'center' }}>
        {t('reload')}
      </Button>
    </DoorCard>
  );
}
