import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { isPathId, paths } from '@/shared/config/paths';
import { useSettings } from '@/shared/config/settings';
import { usePollWithoutPushes } from '@/shared/session/live-pushes';
import { useBrandMachines } from '../api/get-brand-machines';
import { JackpotList } from '../components/jackpot-list';
import { LobbyError } from '../components/lobby-error';
import { MachineGrid } from '../components/machine-grid';

/** /lobby/:id/:name: one brand's machines (GET /machine/{id}). */
export function BrandPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = isPathId(id);
  const settings = useSettings();
  const query = useBrandMachines(id, { enabled: valid, refetchInterval: usePollWithoutPushes(settings.lobbyUpdate) });

  if (!valid) return <Navigate to={paths.error404.getHref()} replace />;
  const title = query.data?.brand.name ?? params.name ?? '';

  return (
    <Box
      component="section"
      aria-labelledby="brand-heading"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <div>
        <Button
          component={RouterLink}
          to={paths.lobby.getHref()}
          startIcon={<ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
        >
          {t('lobby.backToLobby')}
        </Button>
      </div>
      <Typography id="brand-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      {query.isError && <LobbyError onRetry={() => void query.refetch()} />}
      {query.isPending && !query.isError && <LoadingScreen />}
      {query.data && (
        <>
          <JackpotList jackpot={query.data.brand.jackpot} />
          <MachineGrid machines={query.data.machines} first />
        </>
      )}
    </Box>
  );
}

/** Keeps the lobby's queries in a chunk with the page's: the route's loader (app/routes.tsx) imports them while this page's code is on its way. */
export { prefetchBrand } from '../api/prefetch-lobby';
