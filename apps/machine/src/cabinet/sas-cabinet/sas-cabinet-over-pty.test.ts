import { afterEach, describe, expect, it } from 'vitest';
import { sessionFigures, type GameFigures } from './cabinet-meters.ts';
import { DENOMINATION, startSimulatedCabinet, type SimulatedCabinet } from './egm-sim-test-helpers.ts';

let simulated: SimulatedCabinet | undefined;
afterEach(async () => {
  await simulated?.close();
  simulated = undefined;
});

// tools/egm-sim on real socat pairs, in real time: the SAS link on one, the LCUS relay board on the other.
describe('a SAS cabinet against the gaming-machine simulator', () => {
  it('seats, cashes in by AFT, plays ten spins through the relay board, hand-pays, cashes out: the meters and the amounts agree to the kuruş', async () => {
    // Three sevens pay 500 × the bet: 2500 kuruş at 1 credit, over the hand pay limit.
    simulated = await startSimulatedCabinet({ handPayLimitCents: 2000, seed: 'ten-spins' });
    const { cabinet, status, next, events } = simulated;
    // A transfer the journal left in flight that never reached this (new) machine: it has none to report.
    const opened = await cabinet.open(['m1-never-sent']);
    expect(opened).toMatchObject({
      status: 'open',
      version: { sasVersion: '602', serialNumber: 'EGMSIM0001' },
      handPay: null,
      inFlight: [{ status: 'absent', transferId: 'm1-never-sent' }],
    });
    expect(status().registration).toMatchObject({ status: 0x01, posId: 7 });

    const seat = await cabinet.enablePlay();
    if (seat.status !== 'enabled') throw new Error(`play not enabled: ${JSON.stringify(seat)}`);
    await expect(cabinet.applyCredit('m1-cash-in-1', 5000)).resolves.toMatchObject({ status: 'completed', amount: 5000 });

    const games: GameFigures[] = [];
    for (let spin = 0; spin < 10; spin++) {
      const ended = next('game-ended');
      await expect(cabinet.press('play')).resolves.toEqual({ status: 'started' });
      const { figures } = await ended;
      expect(figures).toMatchObject({ games: 1, bet: DENOMINATION });
      games.push(figures!);
    }

    simulated.simulator.control({ cmd: 'forceOutcome', stops: [0, 0, 0] });
    const pending = next('hand-pay-pending');
    await expect(cabinet.press('play')).resolves.toEqual({ status: 'started' });
    await expect(pending).resolves.toEqual({ type: 'hand-pay-pending', amount: 2500 });
    await expect.poll(() => cabinet.status).toEqual({ status: 'error', because: ['hand pay pending'] });
    const reset = next('hand-pay-reset');
    const jackpotGame = next('game-ended');
    expect(simulated.simulator.control({ cmd: 'resetHandPay' })).toEqual({ ok: true });
    await expect(reset).resolves.toEqual({ type: 'hand-pay-reset', amount: 2500 });
    await expect(jackpotGame).resolves.toEqual({ type: 'game-ended', figures: { games: 1, bet: DENOMINATION, win: 2500 } });
    expect(cabinet.status).toEqual({ status: null, because: [] });

    const cashOut = await cabinet.takeCredit('m1-cash-out-1');
    const close = await cabinet.disablePlay();
    if (cashOut.status !== 'completed' || close.status !== 'disabled') throw new Error('cash-out or close failed');

    const bets = games.reduce((sum, game) => sum + game.bet, DENOMINATION);
    const wins = games.reduce((sum, game) => sum + game.win, 0);
    // What the player keeps: the cash-in, less the bets, plus the wins paid to the credit meter.
    expect(cashOut.amount).toBe(5000 - bets + wins);
    expect(sessionFigures(seat.meters, close.meters, DENOMINATION)).toEqual({
      spins: 11,
      totalBet: bets,
      totalWon: wins + 2500,
      cashIn: 5000,
      cashOut: cashOut.amount,
      handPaid: 2500,
    });
    const { meters, credits } = status();
    expect({ aftIn: meters.aftInCents, aftOut: meters.aftOutCents, credits }).toEqual({ aftIn: 5000, aftOut: cashOut.amount, credits: 0 });
    expect(meters.coinIn * DENOMINATION).toBe(bets);
    expect(events.filter((event) => event.type === 'game-started')).toHaveLength(11);
  });
});
