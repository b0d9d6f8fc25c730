import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { floorStatuses, type FloorMachine } from '@reelcast/protocol';
import { translateError } from '@/shared/api/translate-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { useFloor } from '../api/get-floor';
import { ActionDialog, type ActionKind } from '../components/action-dialog';
import { FloorTable } from '../components/floor-table';
import { useConsoleTexts } from '../lib/console-texts';
import { floorSearchSchema, type FloorSearch } from '../lib/floor-search';

// Watching loads on first use (docs/console.md "Watch"): the WHEP client and its texts stay out of the floor's chunk.
const WatchDialog = lazy(() => import('../components/watch-dialog').then((m) => ({ default: m.WatchDialog })));
const WatchGrid = lazy(() => import('../components/watch-grid').then((m) => ({ default: m.WatchGrid })));

/**
 * /console/floor (staff, admin; docs/console.md "Floor"): every machine, live by the notification
 * socket's `floor` pushes, filtered by brand and status in the URL, with the actions on each.
 */
export function FloorPage() {
  const t = useConsoleTexts();
  const { t: common } = useTranslation();
  const floor = useFloor();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => floorSearchSchema.parse(Object.fromEntries(params)), [params]);
  const [acting, setActing] = useState<{ machine: FloorMachine; kind: ActionKind } | null>(null);
  const [watching, setWatching] = useState<(FloorMachine & { video: string }) | null>(null);
  const [grid, setGrid] = useState(false);

  const machines = floor.data?.machines ?? [];
  const brands = [...new Set(machines.map((machine) => machine.brand))];
  const shown = machines.filter(
    (machine) => (!search.brand || machine.brand === search.brand) && (!search.status || machine.status === search.status),
  );
  const update = (patch: Partial<FloorSearch>) => {
    const next = { ...search, ...patch };
    setParams(
      Object.fromEntries(
        Object.entries(next).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      ),
      { replace: true },
    );
  };
  // The row as it is now (a push may have changed it while the dialog was open).
  const actingOn = acting && (machines.find((machine) => machine.id === acting.machine.id) ?? acting.machine);

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="floor-heading"
      header={
        <Typography id="floor-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('brand')}
          value={search.brand}
          onChange={(event) => update({ brand: event.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('allBrands')}</MenuItem>
          {brands.map((brand) => (
            <MenuItem key={brand} value={brand}>
              {brand}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('status')}
          value={search.status ?? ''}
          onChange={(event) => update({ status: (event.target.value || undefined) as FloorSearch['status'] })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('allStatuses')}</MenuItem>
          {floorStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {common(`lobby.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        {floor.data && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('shown', { shown: shown.length, total: machines.length })}
          </Typography>
        )}
        {floor.data && (
          <Button variant={grid ? 'contained' : 'outlined'} aria-pressed={grid} onClick={() => setGrid(!grid)}>
            {t('actions.pictures')}
          </Button>
        )}
      </Box>
      {grid && (
        <Suspense fallback={<CircularProgress aria-label={t('actions.pictures')} />}>
          <WatchGrid machines={shown} onClose={() => setGrid(false)} />
        </Suspense>
      )}
      {floor.isPending && <CircularProgress aria-label={t('title')} />}
      {floor.isError && <LoadFailedAlert onRetry={() => void floor.refetch()}>{translateError(floor.error)}</LoadFailedAlert>}
      {floor.data &&
        (shown.length ? (
          <FloorTable machines={shown} onAction={(machine, kind) => setActing({ machine, kind })} onWatch={setWatching} />
        ) : (
          <Alert severity="info">{t('empty')}</Alert>
        ))}
      {actingOn && acting && <ActionDialog machine={actingOn} kind={acting.kind} onClose={() => setActing(null)} />}
      {watching && (
        <Suspense fallback={null}>
          <WatchDialog machine={watching} onClose={() => setWatching(null)} />
        </Suspense>
      )}
    </PageLayout>
  );
}
