import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { gameMachineQueryOptions } from '@/features/game/api/get-game-machine';
import { GamePage } from '@/features/game/pages/game-page';
import { balanceQueryOptions, setBalanceInCache, useBalance } from '@/features/wallet/api/get-balance';
import { isPathId } from '@/shared/config/paths';
import { DarkTheme } from '@/shared/theme/direction-provider';

/**
 * The game screen shows and updates the wallet's balance; the app wires the two features together.
 * It stays dark in the light theme: it frames the machine's video.
 */
export function GameRoute() {
  const queryClient = useQueryClient();
  const { data } = useBalance();
  const onBalance = useCallback((balance: number) => void setBalanceInCache(queryClient, balance), [queryClient]);
  return (
    <DarkTheme>
      <GamePage balance={data?.balance} onBalance={onBalance} />
    </DarkTheme>
  );
}

/**
 * The route loader's part (app/routes.tsx): the machine (its socket and video addresses) and the wallet's
 * balance are asked for as soon as this screen's code is in, while the router still loads its texts, not
 * once the page has mounted. The page then renders with both (one render, not one more per answer), and
 * the socket and the video open sooner.
 */
export async function prefetchGame(queryClient: QueryClient, machineId: number): Promise<void> {
  await Promise.all([
    isPathId(machineId) && queryClient.prefetchQuery(gameMachineQueryOptions(machineId, queryClient)),
    queryClient.prefetchQuery(balanceQueryOptions()),
  ]);
}
