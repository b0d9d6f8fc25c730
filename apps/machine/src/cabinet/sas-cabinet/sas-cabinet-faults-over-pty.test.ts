import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferOutcome } from './outcomes.ts';
import { DENOMINATION, startSimulatedCabinet, type SimulatedCabinet } from './egm-sim-test-helpers.ts';

const GAME_MS = 1500;
let simulated: SimulatedCabinet;
beforeAll(async () => {
  simulated = await startSimulatedCabinet({ gameMs: GAME_MS, seed: 'faults' });
  expect(await simulated.cabinet.open()).toMatchObject({ status: 'open' });
  expect(await simulated.cabinet.enablePlay()).toMatchObject({ status: 'enabled' });
});
afterAll(() => simulated?.close());

/**
 * Runs a transfer and checks that the machine's AFT meter moved by what the outcome says (`repeat`: by
 * nothing), in one transfer; `credit`: the credit meter moved by as much (no game ended meanwhile).
 */
async function exactly(
  direction: 'in' | 'out',
  transfer: () => Promise<TransferOutcome>,
  check: { repeat?: boolean; credit?: boolean } = {},
) {
  const before = simulated.status();
  const outcome = await transfer();
  const after = simulated.status();
  const [cents, count] = direction === 'in' ? ['aftInCents', 'aftInCount'] : ['aftOutCents', 'aftOutCount'];
  const moved = outcome.status === 'completed' && !check.repeat ? outcome.amount : 0;
  expect(after.meters[cents] - before.meters[cents]).toBe(moved);
  expect(after.meters[count] - before.meters[count]).toBe(moved > 0 ? 1 : 0);
  if (check.credit !== false) expect(Math.abs(after.credits - before.credits) * DENOMINATION).toBe(moved);
  return outcome;
}

const faults = [
  { fault: 'the transfer’s answers dropped', command: { cmd: 'dropAnswers', count: 2 }, moves: true },
  { fault: 'the transfer’s CRCs corrupted', command: { cmd: 'corruptCrc', count: 2 }, moves: true },
  { fault: 'the transfer’s answers late', command: { cmd: 'delayAnswers', ms: 1_500, count: 2 }, moves: true },
  { fault: 'the transfer pending, then final', command: { cmd: 'holdNextTransfer', polls: 4 }, moves: true },
  { fault: 'the power lost after the money moved', command: { cmd: 'powerLossOnNextTransfer', applied: true, offMs: 1500 }, moves: true },
  {
    fault: 'the power lost before the money moved',
    command: { cmd: 'powerLossOnNextTransfer', applied: false, offMs: 1500 },
    moves: false,
  },
];

// Each fault of the simulator's control channel, armed the moment the machine hears the transfer (72).
describe.each(faults)('with $fault', ({ fault, command, moves }) => {
  it('a cash-in and a cash-out are resolved by asking the machine, and the money moves exactly once', async () => {
    const { cabinet, onNextTransfer } = simulated;
    const id = fault.replace(/\W+/g, '-');
    onNextTransfer(command);
    const cashIn = await exactly('in', () => cabinet.applyCredit(`in${id}`, 1000));
    expect(cashIn).toMatchObject(moves ? { status: 'completed', amount: 1000 } : { status: 'refused', stage: 'transfer', code: 0x9f });
    if (!moves) await exactly('in', () => cabinet.applyCredit(`in${id}-again`, 1000));
    const credit = simulated.status().credits * DENOMINATION;
    onNextTransfer(command);
    const cashOut = await exactly('out', () => cabinet.takeCredit(`out${id}`));
    expect(cashOut).toMatchObject(moves ? { status: 'completed', amount: credit } : { status: 'refused', stage: 'transfer', code: 0x9f });
    // A repeat of either is told the same, and nothing moves again.
    await expect(exactly('in', () => cabinet.applyCredit(`in${id}`, 1000), { repeat: true })).resolves.toEqual(cashIn);
    await expect(exactly('out', () => cabinet.takeCredit(`out${id}`), { repeat: true })).resolves.toEqual(cashOut);
    if (!moves) await exactly('out', () => cabinet.takeCredit(`out${id}-again`));
    expect(simulated.status().credits).toBe(0);
  });
});

describe('with the slot door opened in the middle of a game', () => {
  it('a cash-in and a cash-out wait for the machine’s lock, which it gives once the door closes and the game ends', async () => {
    const { cabinet, simulator, status, next } = simulated;
    await exactly('in', () => cabinet.applyCredit('in-before-door', 1000));
    for (const direction of ['in', 'out'] as const) {
      // The power cycles above left their 18s and 17s queued: once they are read, a 7E comes at once.
      await expect.poll(() => status().exceptions, { timeout: 10_000 }).toEqual([]);
      await expect(cabinet.press('play')).resolves.toEqual({ status: 'started' });
      const startedBy = performance.now();
      expect(simulator.control({ cmd: 'door', open: true })).toEqual({ ok: true });
      expect(status().game).not.toBeNull();
      // The game ends during the transfer and pays its win: only the AFT meters are checked.
      const transfer = exactly(
        direction,
        () => (direction === 'in' ? cabinet.applyCredit('in-door', 500) : cabinet.takeCredit('out-door')),
        {
          credit: false,
        },
      );
      // Held: past its time, the game is still on and the machine keeps the lock pending.
      const held = () => performance.now() - startedBy > GAME_MS && status().game !== null && status().lock === 0x40;
      await expect.poll(held, { timeout: 10_000 }).toBe(true);
      expect(cabinet.status).toEqual({ status: 'error', because: ['slot door open'] });
      const ended = next('game-ended');
      simulator.control({ cmd: 'door', open: false });
      await ended;
      await expect(transfer).resolves.toMatchObject({ status: 'completed' });
    }
    expect(status().credits).toBe(0);
  });
});
