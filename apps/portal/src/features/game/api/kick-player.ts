import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '@/shared/api/api-client';
import { lookMachine } from './look-machine';

/** POST /player/kick { machineId }: removes the player's other device from the machine. */
export function kickPlayer(machineId: number): Promise<unknown> {
  return request('/player/kick', z.unknown(), { method: 'POST', body: { machineId } });
}

/** Kick, then what the machine says afterwards (`init {id}`), for the reconnect dialog to show. */
export function useKickPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (machineId: number) => {
      await kickPlayer(machineId);
      return lookMachine(queryClient, machineId);
    },
  });
}
