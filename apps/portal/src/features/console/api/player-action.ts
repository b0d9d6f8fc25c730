import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerActionAnswer, type PlayerActionAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { playerQueryKey } from './get-player';

/** The console's actions on a player (docs/console.md "Players"), each with the body its route takes. */
export type PlayerAction = { kind: 'ban' | 'unban' | 'unlock'; reason: string } | { kind: 'pin'; pin: string | null; reason: string };

/** POST /api/console/players/{id}/{ban | unban | unlock | pin}. */
export function postPlayerAction(playerId: number, { kind, ...body }: PlayerAction): Promise<PlayerActionAnswer> {
  return request(`/api/console/players/${playerId}/${kind}`, playerActionAnswer, { method: 'POST', body });
}

export function usePlayerAction(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PlayerAction) => postPlayerAction(playerId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
