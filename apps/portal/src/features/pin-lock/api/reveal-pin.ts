import { pinRevealAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** POST /player/pin: the player's PIN, given their password (docs/pin-lock.md "Showing the PIN"). */
export async function revealPin(password: string): Promise<string> {
  return (await request('/player/pin', pinRevealAnswer, { method: 'POST', body: { password } })).pin;
}
