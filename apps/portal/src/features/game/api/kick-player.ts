import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '@/shared/api/api-client';

/** POST /player/kick { machineId }: removes the player's other device from the machine. */
export function kickPlayer(machineId: number): Promise<unknown> {
  return request('/player/kick', z.unknown(), { method: 'POST', body: { machineId } });
}

export const useKickPlayer = () => useMutation({ mutationFn: kickPlayer });
