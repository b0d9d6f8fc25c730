import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { useSettings } from '@/shared/config/settings';
import { usePollWithoutPushes } from '@/shared/session/live-pushes';
import { useBrandMachines } from '../api/get-brand-machines';
import { useBrands } from '../api/get-brands';
import { useMachines } from '../api/get-machines';
import { BrandSection } from '../components/brand-section';
import { LobbyError } from '../components/lobby-error';
import { FIRST_COMMIT_CARDS, firstCommit, MachineGrid } from '../components/machine-grid';
import { groupMachinesByBrand, type BrandGroup } from '../lib/group-machines';

/** How many of the first groups it takes to hold `cards` machine cards (all of them if they hold fewer). */
function groupsHolding(groups: BrandGroup[], cards: number): number {
  let held = 0;
  for (const [index, group] of groups.entries()) {
    held += group.machines.length;
    if (held >= cards) return index + 1;
  }
  return groups.length;
}

/**
 * SPEC §3 lobby: machines grouped by brand (or one brand in lobby-display mode). With `showLobby` off
 * (SPEC §9 "lobby shown") the brand lobbies are not shown: the machines make one grid, without the
 * brands' headings, jackpots and links, and the brands are not asked for.
 */
export function LobbyPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const display = settings.lobbyDisplay;
  const brandLobbies = settings.showLobby;
  // Pushes keep the machines fresh; without them, every `lobbyUpdate` seconds (SPEC §9: 10).
  const refetchInterval = usePollWithoutPushes(settings.lobbyUpdate);
  const brands = useBrands({ enabled: brandLobbies && !display });
  const machines = useMachines({ enabled: !display, refetchInterval });
  const single = useBrandMachines(settings.lobbyDisplayId, { enabled: display, refetchInterval });

  let groups: BrandGroup[] | undefined;
  if (display) groups = single.data ? [{ brand: single.data.brand, machines: single.data.machines }] : undefined;
  else if (machines.data) groups = groupMachinesByBrand(brands.data ?? [], machines.data);
  const flat = brandLobbies ? undefined : display ? single.data?.machines : machines.data;
  // Every brand's cards the same size: the largest brand's row fills the width (MachineGrid).
  const spread = Math.max(0, ...(groups ?? []).map((group) => group.machines.length));

  // The first brands in the first commit, as many as hold MachineGrid's FIRST_COMMIT_CARDS, the others in
  // a deferred one.
  const firstGroups = groupsHolding(groups ?? [], FIRST_COMMIT_CARDS);
  // At least the first: machines that come after the page's first render are not deferred to nothing.
  const shownGroups = Math.max(useDeferredValue(groups?.length ?? 0, firstCommit(firstGroups)), firstGroups);

  const failed = display ? single.isError : machines.isError;
  const retry = () => {
    void (display ? single.refetch() : machines.refetch());
    if (brands.isError) void brands.refetch();
  };

  return (
    <Box
      component="section"
      aria-labelledby="lobby-heading"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      <Typography id="lobby-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('lobby.title')}
      </Typography>
      {failed && <LobbyError onRetry={retry} />}
      {!groups && !failed && <LoadingScreen />}
      {flat && <MachineGrid machines={flat} first />}
      {!flat && groups?.length === 0 && <Typography color="text.secondary">{t('lobby.empty')}</Typography>}
      {!flat &&
        groups
          ?.slice(0, shownGroups)
          .map((group, index) => (
            <BrandSection key={group.brand.id} brand={group.brand} machines={group.machines} spread={spread} first={index === 0} />
          ))}
    </Box>
  );
}

/** Keeps the lobby's queries in a chunk with the page's: the route's loader (app/routes.tsx) imports them while this page's code is on its way. */
export { prefetchLobby } from '../api/prefetch-lobby';
