import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, machineTransferAnswer, seatAnswer } from '@reelcast/protocol';
import { holdAccount, machineAccount } from '../src/wallet/index.ts';
import { expectLedgerSound, startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;
let n = 0;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

const machineApi = (method: string, url: string, body?: unknown) =>
  platform.call(method, `/machine-api${url}`, { token: platform.services.machineApiToken, body });

/** A new player with `deposit` in the wallet, seated at `machineId`. */
async function seated(machineId: number, deposit = 10_000) {
  const username = `seat${++n}`;
  const player = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  if (deposit) {
    await platform.services.ledger.transfer({
      idempotencyKey: `dep-${username}`,
      action: 1,
      from: 'system:cashier',
      to: `player:${player.id}:wallet`,
      amount: deposit,
    });
  }
  const token = await platform.login(username, 'secret');
  const { status, body } = await machineApi('POST', `/machines/${machineId}/seat`, { token });
  expect(status, JSON.stringify(body)).toBe(200);
  return { player, token, seat: seatAnswer.parse(body) };
}

const balance = (playerId: number) => platform.services.ledger.balance(playerId);

describe('seats', () => {
  it('seats one player per machine and gives a returning player the same session', async () => {
    const first = await seated(1);
    const machine = await platform.services.machines.byId(1);
    expect(machine).toMatchObject({ status: 'playing', reservation: { playerId: first.player.id, until: null } });

    const otherToken = await platform.login('demo2', 'demo1234');
    const taken = await machineApi('POST', '/machines/1/seat', { token: otherToken });
    expect(taken.status).toBe(403);
    expect(taken.body.code).toBe(ErrorCode.MachineBusy);

    const again = seatAnswer.parse((await machineApi('POST', '/machines/1/seat', { token: first.token })).body);
    expect(again).toMatchObject({ sessionId: first.seat.sessionId, resumed: true });

    const closed = await machineApi('POST', `/sessions/${first.seat.sessionId}/close`, {
      reason: 'left',
      spins: 3,
      totalBet: 300,
      totalWon: 100,
    });
    expect(closed.body).toMatchObject({ endReason: 'left', spins: 3, totalBet: 300, totalWon: 100, endedAt: expect.any(String) });
    expect((await platform.services.machines.byId(1)).status).toBe('idle');
    expect((await machineApi('POST', '/machines/1/seat', { token: otherToken })).status).toBe(200);
  });

  it('closes the open sessions of a machine that its agent says it does not hold, and frees the machine', async () => {
    const first = await seated(11);
    const kept = await machineApi('PUT', '/machines/11/seat', { sessionId: first.seat.sessionId, reason: 'error' });
    expect(kept).toMatchObject({ status: 200, body: { closed: [] } });
    expect((await platform.services.machines.byId(11)).status).toBe('playing');

    const released = await machineApi('PUT', '/machines/11/seat', { sessionId: null, reason: 'timeout' });
    expect(released).toMatchObject({ status: 200, body: { closed: [first.seat.sessionId] } });
    expect(await platform.services.play.openSlotSessionOf(11)).toBeUndefined();
    expect(await platform.services.machines.byId(11)).toMatchObject({ status: 'idle', reservation: null });
    const next = await seated(11);
    expect(next.seat.resumed).toBe(false);

    expect((await machineApi('PUT', '/machines/11/seat', { sessionId: 'not-a-uuid', reason: 'timeout' })).status).toBe(400);
    expect((await machineApi('PUT', '/machines/11/seat', { sessionId: null, reason: 'whatever' })).status).toBe(400);
    expect((await machineApi('PUT', '/machines/999/seat', { sessionId: null, reason: 'timeout' })).status).toBe(404);
  });

  it('refuses a bad player token with code 10', async () => {
    const { status, body } = await machineApi('POST', '/machines/2/seat', { token: 'not-a-token' });
    expect(status).toBe(401);
    expect(body.code).toBe(ErrorCode.SignatureNotVerified);
  });
});

describe('sign-in sessions (the agent re-check)', () => {
  it("the seat names the token's sign-in session; the re-check answers which sessions are live", async () => {
    const { player, token, seat } = await seated(12, 0);
    const other = await platform.login(player.username, 'secret');
    const [mine, theirs] = [seat.authSessionId, (await platform.services.auth.authenticate(other))!.jti];
    expect((await platform.services.auth.authenticate(token))!.jti).toBe(mine);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const ask = (authSessionIds: unknown) => machineApi('POST', '/auth-sessions/live', { authSessionIds });
    expect((await ask([mine, theirs, unknown])).body.live.sort()).toEqual([mine, theirs].sort());
    await platform.call('POST', '/player/logout', { token: other });
    expect(await ask([mine, theirs, unknown])).toMatchObject({ status: 200, body: { live: [mine] } });

    expect((await ask(['not-a-uuid'])).body.code).toBe(ErrorCode.InvalidRequest);
    expect((await ask(Array.from({ length: 1001 }, () => unknown))).status).toBe(400);
    const noService = await platform.call('POST', '/machine-api/auth-sessions/live', { token, body: { authSessionIds: [mine] } });
    expect(noService.status).toBe(401);
    await machineApi('POST', `/sessions/${seat.sessionId}/close`, { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 });
  });
});

describe('cash in (two-phase)', () => {
  it('reserve takes the amount from the wallet; post moves it to the machine once', async () => {
    const { player, seat } = await seated(3);
    const reserved = machineTransferAnswer.parse(
      (await machineApi('POST', '/transfers/cash-in', { transferId: `transfer-${n}-a`, sessionId: seat.sessionId, amount: 2500 })).body,
    );
    expect(reserved).toMatchObject({ status: 'reserved', balance: 7500 });
    expect(await platform.services.ledger.accountBalance(holdAccount(player.id))).toBe(2500);

    const posted = machineTransferAnswer.parse((await machineApi('POST', `/transfers/transfer-${n}-a/post`)).body);
    expect(posted).toMatchObject({ status: 'posted', balance: 7500 });
    const repeat = await machineApi('POST', `/transfers/transfer-${n}-a/post`);
    expect(repeat.body.status).toBe('posted');
    expect(await platform.services.ledger.accountBalance(holdAccount(player.id))).toBe(0);
    expect(await platform.services.ledger.accountBalance(machineAccount(3))).toBe(2500);

    const voidAfterPost = await machineApi('POST', `/transfers/transfer-${n}-a/void`);
    expect(voidAfterPost.status).toBe(409);
    expect(await balance(player.id)).toBe(7500);

    const repeatReserve = await machineApi('POST', '/transfers/cash-in', {
      transferId: `transfer-${n}-a`,
      sessionId: seat.sessionId,
      amount: 2500,
    });
    expect(repeatReserve.status).toBe(200);
    expect(await balance(player.id)).toBe(7500);
    const sameKeyOtherAmount = await machineApi('POST', '/transfers/cash-in', {
      transferId: `transfer-${n}-a`,
      sessionId: seat.sessionId,
      amount: 2600,
    });
    expect(sameKeyOtherAmount.body.code).toBe(ErrorCode.IdempotencyConflict);
  });

  it('void returns a reservation to the wallet, and a voided transfer cannot be posted', async () => {
    const { player, seat } = await seated(4);
    await machineApi('POST', '/transfers/cash-in', { transferId: `transfer-${n}-v`, sessionId: seat.sessionId, amount: 4000 });
    expect(await balance(player.id)).toBe(6000);
    expect((await machineApi('POST', `/transfers/transfer-${n}-v/void`)).body.status).toBe('voided');
    expect(await balance(player.id)).toBe(10_000);
    const post = await machineApi('POST', `/transfers/transfer-${n}-v/post`);
    expect(post.status).toBe(409);
    expect(post.body.code).toBe(ErrorCode.TransferResolved);
    expect(await balance(player.id)).toBe(10_000);
  });

  it('a reservation not posted by its deadline is voided by the sweeper', async () => {
    const { player, seat } = await seated(5);
    await machineApi('POST', '/transfers/cash-in', { transferId: `transfer-${n}-d`, sessionId: seat.sessionId, amount: 1000 });
    await platform.services.play.sweepExpired();
    expect(await balance(player.id)).toBe(9000);
    platform.clock.advanceMinutes(1);
    expect(await platform.services.play.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await balance(player.id)).toBe(10_000);
    expect((await machineApi('POST', `/transfers/transfer-${n}-d/post`)).status).toBe(409);
  });

  it('posts racing voids: one outcome wins, its repeats answer it again, the others answer 409 / 40901, and the money is in one place', async () => {
    for (let round = 0; round < 5; round++) {
      const { player, seat } = await seated(6);
      const id = `transfer-${n}-race`;
      await machineApi('POST', '/transfers/cash-in', { transferId: id, sessionId: seat.sessionId, amount: 1500 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => ({
          kind: i % 2 ? 'void' : 'post',
          answer: machineApi('POST', `/transfers/${id}/${i % 2 ? 'void' : 'post'}`),
        })).map(async ({ kind, answer }) => ({ kind, ...(await answer) })),
      );
      const winner = answers.find((a) => a.status === 200)!.kind;
      for (const a of answers) {
        if (a.kind === winner) expect(a.status).toBe(200);
        else expect([a.status, a.body.code]).toEqual([409, ErrorCode.TransferResolved]);
      }
      expect(await balance(player.id)).toBe(winner === 'post' ? 8500 : 10_000);
      expect(await platform.services.ledger.accountBalance(holdAccount(player.id))).toBe(0);
      await machineApi('POST', `/sessions/${seat.sessionId}/close`, { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 });
    }
  });

  it('100 parallel cash-ins that only one can fund: exactly one succeeds', async () => {
    const { player, seat } = await seated(7, 5000);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        machineApi('POST', '/transfers/cash-in', { transferId: `transfer-${n}-p${i}`, sessionId: seat.sessionId, amount: 5000 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === ErrorCode.InsufficientFunds)).toHaveLength(99);
    expect(await balance(player.id)).toBe(0);
  });

  it('refuses a cash-in on an ended session with 50100', async () => {
    const { seat } = await seated(8);
    await machineApi('POST', `/sessions/${seat.sessionId}/close`, { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 });
    const { status, body } = await machineApi('POST', '/transfers/cash-in', {
      transferId: `transfer-${n}-late`,
      sessionId: seat.sessionId,
      amount: 100,
    });
    expect(status).toBe(409);
    expect(body.code).toBe(ErrorCode.SessionTerminated);
  });
});

describe('cash out and settlements', () => {
  it('cash out pays the machine credit into the wallet once and counts it on the session', async () => {
    const { player, seat } = await seated(9);
    await machineApi('POST', '/transfers/cash-in', { transferId: `transfer-${n}-i`, sessionId: seat.sessionId, amount: 3000 });
    await machineApi('POST', `/transfers/transfer-${n}-i/post`);
    // The player won on the machine: 3000 in, 4200 out.
    const out = { transferId: `transfer-${n}-o`, sessionId: seat.sessionId, amount: 4200 };
    expect((await machineApi('POST', '/transfers/cash-out', out)).body).toMatchObject({
      direction: 'out',
      status: 'posted',
      balance: 11_200,
    });
    expect((await machineApi('POST', '/transfers/cash-out', out)).body.balance).toBe(11_200);
    const closed = await machineApi('POST', `/sessions/${seat.sessionId}/close`, {
      reason: 'cashout',
      spins: 10,
      totalBet: 1000,
      totalWon: 2200,
    });
    expect(closed.body).toMatchObject({ cashIn: 3000, cashOut: 4200 });
    expect(await balance(player.id)).toBe(11_200);
  });

  it('a hand pay is paid once per settlement id, with action code 5', async () => {
    const { player, seat } = await seated(10);
    const request = { settlementId: `handpay-${n}-1`, sessionId: seat.sessionId, kind: 'HAND_PAY', amount: 250_000 };
    expect((await machineApi('POST', '/settlements', request)).body.balance).toBe(260_000);
    expect((await machineApi('POST', '/settlements', request)).body.balance).toBe(260_000);
    expect(await balance(player.id)).toBe(260_000);
  });

  it('the ledger reconciles after all of it', async () => {
    await expectLedgerSound(platform);
  });
});
