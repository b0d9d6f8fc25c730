import { describe, expect, it } from 'vitest';
import type { CabinetPortEvent } from './cabinet.ts';
import { EmulatedCabinet } from './emulated-cabinet.ts';

function cabinet() {
  const emulated = EmulatedCabinet.create({
    machineId: '1',
    seed: 'emulated',
    forcedOutcomes: [{ stops: [0, 0, 0, 0, 0], jackpot: true }],
  });
  const events: CabinetPortEvent[] = [];
  emulated.onEvent((event) => events.push(event));
  return { emulated, events };
}

describe('the emulated cabinet behind the port', () => {
  it('applies and takes credit once per transfer id; a repeat is told the first outcome', async () => {
    const { emulated } = cabinet();
    await emulated.enablePlay();
    expect(await emulated.applyCredit('in-1', 500)).toEqual({ transferId: 'in-1', status: 'completed', amount: 500 });
    expect(await emulated.applyCredit('in-1', 500)).toEqual({ transferId: 'in-1', status: 'completed', amount: 500 });
    expect(emulated.state.credit).toBe(500);
    expect(await emulated.takeCredit('out-1')).toEqual({ transferId: 'out-1', status: 'completed', amount: 500 });
    expect(await emulated.takeCredit('out-1')).toEqual({ transferId: 'out-1', status: 'completed', amount: 500 });
    expect(emulated.state.credit).toBe(0);
    expect(await emulated.resolveTransfer('in-1')).toMatchObject({ status: 'completed' });
    expect(await emulated.resolveTransfer('never')).toMatchObject({ status: 'refused', refusal: { code: 'UNAVAILABLE' } });
  });

  it("tells a spin's game start and end with bet and win, its settlement, and the status the seat moves", async () => {
    const { emulated, events } = cabinet();
    await emulated.enablePlay();
    await emulated.applyCredit('in-1', 1_000);
    expect(await emulated.press('SPIN', 0)).toEqual({ ok: true });
    const { bet, lastWin, lock } = emulated.state;
    expect(events).toEqual([
      { type: 'status', from: 'idle', to: 'playing' },
      { type: 'game-started' },
      { type: 'game-ended', bet, win: lastWin },
      { type: 'settlement', settlement: { settlementId: '1:spin-1:jackpot', kind: 'JACKPOT', amount: lock!.pending[0]!.amount } },
      { type: 'status', from: 'playing', to: 'error' },
    ]);
    expect(await emulated.press('SPIN', 1)).toMatchObject({ ok: false, code: 'LOCKED' });
    expect(await emulated.settled('1:spin-1:jackpot')).toEqual({ ok: true });
    expect(emulated.state).toMatchObject({ lock: null, status: 'playing' });
  });

  it('comes back from its snapshot as it was', async () => {
    const { emulated } = cabinet();
    await emulated.applyCredit('in-1', 700);
    const restored = EmulatedCabinet.restore(JSON.parse(JSON.stringify(emulated.snapshot())));
    expect(restored.state).toEqual(emulated.state);
  });
});
