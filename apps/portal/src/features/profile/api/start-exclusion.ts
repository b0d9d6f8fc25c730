import { useMutation } from '@tanstack/react-query';
import { exclusion, type Exclusion, type ExclusionRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** POST /player/protection/exclusion: a time-out or self-exclusion; every session of the player ends at once. */
export function startExclusion(body: ExclusionRequest): Promise<Exclusion> {
  return request('/player/protection/exclusion', exclusion, { method: 'POST', body });
}

export const useStartExclusion = () => useMutation({ mutationKey: ['player', 'protection', 'exclusion'], mutationFn: startExclusion });
