import { useMutation } from '@tanstack/react-query';
import { machineCommandAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/**
 * POST /player/cancel { machineId }: the reconnect dialog's Cashout. The seat's credit goes to the
 * wallet and the session ends, without opening the game (docs/reconnect.md). Answers the amount.
 */
export async function cancelSeat(machineId: number): Promise<number> {
  const answer = await request('/player/cancel', machineCommandAnswer, { method: 'POST', body: { machineId } });
  return answer.Params?.amount ?? 0;
}

export const useCancelSeat = () => useMutation({ mutationFn: cancelSeat });
