import { expect } from 'vitest';
import { seatAnswer } from '@reelcast/protocol';
import type { TestPlatform } from '@reelcast/testing';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** A new player with `deposit` (minor units) in the wallet, and their token. */
export async function newPlayer(platform: TestPlatform, deposit = 0) {
  const username = `promo${unique()}`;
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  if (deposit) await depositTo(platform, player.id, deposit);
  const token = await platform.login(username, 'secret');
  return { id: player.id, username, token };
}

export type PromoPlayer = Awaited<ReturnType<typeof newPlayer>>;

/** Moves the test clock by `minutes`; tokens of `players` are renewed (a week outlives them). */
export async function advance(platform: TestPlatform, minutes: number, ...players: PromoPlayer[]) {
  platform.clock.advanceMinutes(minutes);
  for (const player of players) player.token = await platform.login(player.username, 'secret');
}

export async function depositTo(platform: TestPlatform, playerId: number, amount: number) {
  await platform.services.ledger.deposit({ playerId, idempotencyKey: `dep-${unique()}`, amount });
}

const machineApi = (platform: TestPlatform, method: string, url: string, body?: unknown) =>
  platform.call(method, `/machine-api${url}`, { token: platform.services.machineApiToken, body });

/** Seats the player at `machineId` and cashes `cashIn` onto the machine; the session stays open. */
export async function openSlotSession(platform: TestPlatform, player: { token: string }, machineId: number, cashIn: number) {
  const seat = await machineApi(platform, 'POST', `/machines/${machineId}/seat`, { token: player.token });
  expect(seat.status, JSON.stringify(seat.body)).toBe(200);
  const sessionId = seatAnswer.parse(seat.body).sessionId;
  if (cashIn > 0) {
    const transferId = `in-${unique()}`;
    const reserved = await machineApi(platform, 'POST', '/transfers/cash-in', { transferId, sessionId, amount: cashIn });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    expect((await machineApi(platform, 'POST', `/transfers/${transferId}/post`)).status).toBe(200);
  }
  return sessionId;
}

export async function cashOut(platform: TestPlatform, sessionId: string, amount: number, transferId = `out-${unique()}`) {
  const answer = await machineApi(platform, 'POST', '/transfers/cash-out', { transferId, sessionId, amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { transferId, body: answer.body };
}

export async function settle(platform: TestPlatform, sessionId: string, kind: 'HAND_PAY' | 'JACKPOT', amount: number) {
  const answer = await machineApi(platform, 'POST', '/settlements', { settlementId: `settle-${unique()}`, sessionId, kind, amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

export async function closeSession(platform: TestPlatform, sessionId: string) {
  const answer = await machineApi(platform, 'POST', `/sessions/${sessionId}/close`, { reason: 'left', spins: 1, totalBet: 0, totalWon: 0 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** One whole session: cash in, then cash out / hand pay / jackpot, then close. Net loss = in − out − handPay − jackpot. */
export async function play(
  platform: TestPlatform,
  player: { token: string },
  machineId: number,
  figures: { cashIn: number; cashOut?: number; handPay?: number; jackpot?: number },
) {
  const sessionId = await openSlotSession(platform, player, machineId, figures.cashIn);
  if (figures.handPay) await settle(platform, sessionId, 'HAND_PAY', figures.handPay);
  if (figures.jackpot) await settle(platform, sessionId, 'JACKPOT', figures.jackpot);
  if (figures.cashOut) await cashOut(platform, sessionId, figures.cashOut);
  await closeSession(platform, sessionId);
  return sessionId;
}

export const claim = (platform: TestPlatform, token: string, kind: 'discount' | 'bonus' | 'weekly') =>
  platform.call('GET', kind === 'weekly' ? '/player/bonus/weekly' : `/player/${kind}`, { token });

/** Moves the test clock to the same weekday and time of the next ISO week. */
export const nextWeek = (platform: TestPlatform, ...players: PromoPlayer[]) => advance(platform, 7 * 24 * 60, ...players);
