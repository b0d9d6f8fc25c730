import { z } from 'zod/mini';
import type { RealityCheckAnswerRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

const done = z.object({ status: z.literal(true) });

/** POST /player/protection/reality-check/answer: the player's answer, for the operator's audit log. */
export function answerRealityCheck(body: RealityCheckAnswerRequest): Promise<z.output<typeof done>> {
  return request('/player/protection/reality-check/answer', done, { method: 'POST', body });
}
