import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GamePage } from '@/features/game/pages/game-page';
import { setBalanceInCache, useBalance } from '@/features/wallet/api/get-balance';
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
