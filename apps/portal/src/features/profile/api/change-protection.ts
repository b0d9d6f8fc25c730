import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protectionStatus, type LimitKey, type LimitsChangeRequest, type ProtectionStatus } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { protectionQueryOptions } from './get-protection';

/** PUT /player/protection/limits: stricter values apply at once, looser ones wait 24 h for a confirmation. */
export function changeLimits(body: LimitsChangeRequest): Promise<ProtectionStatus> {
  return request('/player/protection/limits', protectionStatus, { method: 'PUT', body });
}

/** POST /player/protection/limits/confirm: 40942 before the cooling-off ends. */
export function confirmLimit(key: LimitKey): Promise<ProtectionStatus> {
  return request('/player/protection/limits/confirm', protectionStatus, { method: 'POST', body: { key } });
}

/** PUT /player/protection/reality-check. */
export function changeRealityCheck(minutes: number): Promise<ProtectionStatus> {
  return request('/player/protection/reality-check', protectionStatus, { method: 'PUT', body: { minutes } });
}

/** The three changes answer the new status, which replaces the cached one. */
function useProtectionMutation<V>(name: string, mutationFn: (value: V) => Promise<ProtectionStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['player', 'protection', name],
    mutationFn,
    onSuccess: (status) => queryClient.setQueryData(protectionQueryOptions().queryKey, status),
  });
}

export const useChangeLimits = () => useProtectionMutation('limits', changeLimits);
export const useConfirmLimit = () => useProtectionMutation('confirm', confirmLimit);
export const useChangeRealityCheck = () => useProtectionMutation('reality-check', changeRealityCheck);
