import type { GameConnection } from './game-socket';
import { isAckError } from './game-socket';

/**
 * SPEC §4 game flags: a money transfer clears autoplay first (AUTOPLAY is pressed off), then the
 * amount goes to the machine.
 */
export async function transferMoney(session: Pick<GameConnection, 'press' | 'transfer'>, amount: number, autoplay: boolean) {
  if (autoplay) {
    const stopped = await session.press('AUTOPLAY');
    if (isAckError(stopped)) return stopped;
  }
  return session.transfer(amount);
}
