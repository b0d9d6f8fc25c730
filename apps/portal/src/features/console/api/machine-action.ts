import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleActionAnswer, type ConsoleActionAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { putFloorRow } from '../lib/apply-floor-push';

/** The console's actions on a machine (docs/console.md "Actions"), each with the body its route takes. */
export type MachineAction =
  | { kind: 'maintenance'; on: boolean; reason: string }
  | { kind: 'end-session'; reason: string }
  | { kind: 'message'; text: string; reason: string }
  | { kind: 'hand-pay'; reason: string };

/** POST /api/console/machines/{id}/{maintenance | end-session | message | hand-pay}. */
export function postMachineAction(machineId: number, { kind, ...body }: MachineAction): Promise<ConsoleActionAnswer> {
  return request(`/api/console/machines/${machineId}/${kind}`, consoleActionAnswer, { method: 'POST', body });
}

/** The answer's machine replaces the floor's row at once; the push that follows says the same. */
export function useMachineAction(machineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MachineAction) => postMachineAction(machineId, action),
    onSuccess: ({ machine }) => putFloorRow(queryClient, machine),
  });
}
