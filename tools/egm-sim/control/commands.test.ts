import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultPlan } from '../faults.ts';
import { drainExceptions, testCabinet } from '../machine/cabinet-test-helpers.ts';
import type { Cabinet } from '../machine/cabinet.ts';
import type { ControlTarget } from './commands.ts';
import { runControlLine } from './control-server.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function target(): ControlTarget & { cabinet: Cabinet; powered: boolean[] } {
  const { cabinet, faults } = testCabinet({ denominationCents: 5 });
  cabinet.powerUp();
  drainExceptions(cabinet);
  return {
    cabinet,
    faults,
    powered: [],
    status: () => ({ credits: cabinet.state.credits }),
    powerLoss(offMs) {
      this.powered.push(offMs === null);
    },
    powerOn() {},
  };
}

describe('control channel lines', () => {
  it('answer a command with ok and its result, echoing an id', () => {
    expect(runControlLine(target(), '{"cmd":"status","id":7}')).toEqual({ ok: true, credits: 0, id: 7 });
  });

  it('refuse what is not JSON, an unknown command, and numbers that are strings or not whole', () => {
    const control = target();
    expect(runControlLine(control, 'door open')).toEqual({ ok: false, error: 'not JSON' });
    expect(runControlLine(control, '{"cmd":"explode"}').ok).toBe(false);
    expect(runControlLine(control, '{"cmd":"handPay","cents":"500"}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^cents:/),
    });
    expect(runControlLine(control, '{"cmd":"dropAnswers","count":1.5}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^count:/),
    });
    expect(control.cabinet.state.handPay).toBeNull();
  });

  it('act on the machine: door, tilt, hand pay and its reset (in the denomination), a registration request', () => {
    const control = target();
    expect(runControlLine(control, '{"cmd":"door","open":true}').ok).toBe(true);
    expect(runControlLine(control, '{"cmd":"door","open":false}').ok).toBe(true);
    expect(runControlLine(control, '{"cmd":"tilt","reel":3}').ok).toBe(true);
    expect(runControlLine(control, '{"cmd":"clearTilt"}').ok).toBe(true);
    expect(runControlLine(control, '{"cmd":"handPay","cents":502}')).toEqual({
      ok: false,
      error: 'not a multiple of the denomination (5)',
    });
    expect(runControlLine(control, '{"cmd":"handPay","cents":500}').ok).toBe(true);
    expect(runControlLine(control, '{"cmd":"handPay","cents":500}')).toEqual({ ok: false, error: 'a hand pay is already pending' });
    expect(runControlLine(control, '{"cmd":"resetHandPay"}').ok).toBe(true);
    expect(control.cabinet.state.meters.jackpot).toBe(100);
    expect(runControlLine(control, '{"cmd":"requestRegistration"}').ok).toBe(true);
    expect(drainExceptions(control.cabinet)).toEqual([0x6c, 0x51, 0x52, 0x11, 0x12, 0x43]);
  });

  it('arm faults, and clear them', () => {
    const control = target();
    runControlLine(control, '{"cmd":"dropAnswers","count":2}');
    runControlLine(control, '{"cmd":"holdNextTransfer","polls":3}');
    expect(control.faults.snapshot()).toMatchObject({ dropAnswers: 2, nextTransfer: { kind: 'pending', polls: 3 } });
    runControlLine(control, '{"cmd":"clearFaults"}');
    expect(control.faults.snapshot()).toMatchObject({ dropAnswers: 0, nextTransfer: null });
  });
});

describe('the fault plan', () => {
  it('drops, corrupts the CRC of, and delays the answers it is told to, in that order of use', () => {
    const faults = new FaultPlan();
    const answer = Uint8Array.of(0x01, 0x1a, 0x00, 0x00, 0x00, 0x00, 0xc3, 0xfc);
    faults.dropAnswers(1);
    faults.corruptCrc(1);
    faults.delayAnswers(200, 1);
    expect(faults.shape(answer)).toBeNull();
    // A one-byte answer has no CRC: the corruption waits for the next answer that has one.
    expect(faults.shape(Uint8Array.of(0x7e))).toEqual({ bytes: Uint8Array.of(0x7e), delayMs: 200 });
    expect(faults.shape(answer)).toEqual({ bytes: Uint8Array.of(0x01, 0x1a, 0, 0, 0, 0, 0x3c, 0x03), delayMs: 0 });
    expect(faults.shape(answer)).toEqual({ bytes: answer, delayMs: 0 });
  });
});
