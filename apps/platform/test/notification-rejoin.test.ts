import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ErrorCode, seatAnswer } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

const machineApi = (method: string, url: string, body?: unknown) =>
  platform.call(method, `/machine-api${url}`, { token: platform.services.machineApiToken, body });

async function seat(machineId: number, token: string) {
  const { body } = await machineApi('POST', `/machines/${machineId}/seat`, { token });
  return seatAnswer.parse(body);
}

/** What the socket hears from now on, by event. */
function listen(socket: Socket) {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

const rejoin = (socket: Socket, payload: unknown) =>
  socket.timeout(5_000).emitWithAck('rejoin', payload) as Promise<{ ok: boolean; code?: number }>;

it('rejoin with the token (SPEC §7, after POST /player/cancel) sends the balance and a session push for each seat still open', async () => {
  await platform.services.players.create({ username: 'rejoiner', email: 'rejoiner@x.test', password: 'secret' });
  const token = await platform.login('rejoiner', 'secret');
  const [first, second] = [await seat(1, token), await seat(2, token)];
  const socket = await platform.socket(token);
  // The Cashout of the dialog ended the second seat.
  await machineApi('POST', `/sessions/${second.sessionId}/close`, { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 });
  const heard = listen(socket);

  expect(await rejoin(socket, { token })).toEqual({ ok: true });
  expect(heard).toEqual([
    { event: 'balance', payload: { balance: 0 } },
    { event: 'session', payload: { status: true, id: 1, name: expect.any(String), machine_status: 'playing' } },
  ]);
  await machineApi('POST', `/sessions/${first.sessionId}/close`, { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 });
});

it("refuses a bad payload, another player's token and a second rejoin within a second, sending nothing", async () => {
  await platform.services.players.create({ username: 'rejoiner2', email: 'rejoiner2@x.test', password: 'secret' });
  const token = await platform.login('rejoiner2', 'secret');
  const socket = await platform.socket(token);
  const heard = listen(socket);
  expect(await rejoin(socket, { token: 42 })).toMatchObject({ ok: false, code: ErrorCode.InvalidRequest });
  expect(await rejoin(socket, { token, more: 1 })).toMatchObject({ ok: false, code: ErrorCode.InvalidRequest });
  expect(await rejoin(socket, { token: await platform.login() })).toMatchObject({ ok: false, code: ErrorCode.SignatureNotVerified });
  expect(await rejoin(socket, { token: 'not-a-token' })).toMatchObject({ ok: false, code: ErrorCode.TooManyRequests });
  expect(heard).toEqual([]);
});
