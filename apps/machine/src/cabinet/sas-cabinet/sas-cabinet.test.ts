import { afterEach, describe, expect, it } from 'vitest';
import { RecordingDriver } from '../output/index.ts';
import { transactionIdOf } from '../sas/index.ts';
import { FakeMachine } from '../sas/fake-machine-test-helpers.ts';
import { FakeScheduler } from '../sas/fake-scheduler-test-helpers.ts';
import type { CabinetEvent } from './outcomes.ts';
import { SasCabinet } from './sas-cabinet.ts';
import { SasCabinetPort } from './sas-port.ts';
import { sasCabinetSettingsSchema } from './settings.ts';

const KEY = 'a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3';

function setup(options: { denomination?: number; onPulse?: (machine: FakeMachine, channel: number) => void } = {}) {
  const scheduler = new FakeScheduler();
  const machine = new FakeMachine(scheduler, 1);
  const output = new RecordingDriver(scheduler, (channel) => options.onPulse?.(machine, channel));
  const settings = sasCabinetSettingsSchema.parse({
    link: { kind: 'test', device: '/unused' },
    assetNumber: machine.assetNumber,
    registrationKey: KEY,
    posId: 9,
    denomination: options.denomination ?? 1,
    output: { board: { kind: 'lcus', device: '/unused' }, buttons: { play: 1, betUp: 2, maxBet: 3 }, pulseMs: 100 },
  });
  const cabinet = new SasCabinet({ link: machine, output, scheduler, settings });
  const events: CabinetEvent[] = [];
  cabinet.onEvent((event) => events.push(event));
  return { scheduler, machine, output, cabinet, events };
}

let running: SasCabinet | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function opened(options: Parameters<typeof setup>[0] = {}) {
  const parts = setup(options);
  running = parts.cabinet;
  const outcome = await parts.scheduler.until(parts.cabinet.open());
  expect(outcome.status).toBe('open');
  return parts;
}

describe('opening a SAS cabinet', () => {
  it('reads the version, registers the machine to this host, reads the meters and resolves the journal by asking the machine', async () => {
    const { scheduler, machine, cabinet } = setup();
    running = cabinet;
    machine.credits = 500;
    machine.history.push({
      status: 0x00,
      type: 0x00,
      cashable: 500,
      transactionId: transactionIdOf('t-before'),
      position: 1,
      acknowledged: true,
    });
    const outcome = await scheduler.until(cabinet.open(['t-before', 't-never']));
    expect(outcome).toMatchObject({
      status: 'open',
      version: { sasVersion: '602', serialNumber: 'FAKE-1' },
      meters: { credit: 500, coinIn: 0 },
      handPay: null,
      inFlight: [
        { status: 'completed', transferId: 't-before', amount: 500 },
        { status: 'absent', transferId: 't-never' },
      ],
    });
    expect(machine.registration.status).toBe(0x01);
    expect(cabinet.status).toEqual({ status: null, because: [] });
  });

  it('reports a machine that does not answer, and stops polling it', async () => {
    const { scheduler, machine, cabinet } = setup();
    machine.powerOff();
    await expect(scheduler.until(cabinet.open())).resolves.toEqual({ status: 'failed', stage: 'version', reason: 'no-answer' });
    const sent = machine.sent.length;
    await scheduler.advance(2000);
    expect(machine.sent.length).toBe(sent);
    expect(cabinet.status.status).toBe('offline');
  });

  it('reports a hand pay the machine is waiting on, in minor units', async () => {
    const { scheduler, machine, cabinet } = setup({ denomination: 5 });
    running = cabinet;
    machine.handPay = { level: 0x40, amount: 300 };
    await expect(scheduler.until(cabinet.open())).resolves.toMatchObject({ status: 'open', handPay: 1500 });
    expect(cabinet.status).toEqual({ status: 'error', because: ['hand pay pending'] });
  });
});

describe('SAS cabinet money', () => {
  it('applies and takes credit, each transfer id once, with the amounts the machine confirmed', async () => {
    const { scheduler, machine, cabinet } = await opened();
    await expect(scheduler.until(cabinet.applyCredit('in-1', 2500))).resolves.toMatchObject({
      status: 'completed',
      transferId: 'in-1',
      amount: 2500,
    });
    const transfers = () => machine.sent.filter(({ frame }) => frame[1] === 0x72 && frame[3] === 0x00).length;
    expect(transfers()).toBe(1);
    await expect(scheduler.until(cabinet.applyCredit('in-1', 2500))).resolves.toMatchObject({ status: 'completed', amount: 2500 });
    expect(() => cabinet.applyCredit('in-1', 2600)).toThrow('another direction or amount');
    expect(() => cabinet.takeCredit('in-1')).toThrow('another direction or amount');
    expect(() => cabinet.applyCredit('in-2', 0)).toThrow(RangeError);
    expect(transfers()).toBe(1);
    machine.credits += 40;
    await expect(scheduler.until(cabinet.takeCredit('out-1'))).resolves.toMatchObject({ status: 'completed', amount: 2540 });
    await expect(scheduler.until(cabinet.takeCredit('out-1'))).resolves.toMatchObject({ status: 'completed', amount: 2540 });
    await expect(scheduler.until(cabinet.takeCredit('out-2'))).resolves.toMatchObject({ status: 'completed', amount: 0 });
    expect(machine.credits).toBe(0);
    expect(transfers()).toBe(2);
    await expect(scheduler.until(cabinet.credit())).resolves.toEqual({ ok: true, value: 0 });
  });

  it('takes back exactly a cash-in whose post failed, behind the port, and leaves the credit that was on the meter before it', async () => {
    const { scheduler, machine, cabinet } = await opened();
    const port = new SasCabinetPort(cabinet);
    machine.credits = 1000;
    await expect(scheduler.until(port.applyCredit('in-1', 2500))).resolves.toMatchObject({ status: 'completed', amount: 2500 });
    await expect(scheduler.until(port.takeCredit('in-1-takeback', 2500))).resolves.toMatchObject({ status: 'completed', amount: 2500 });
    expect(machine.credits).toBe(1000);
    expect(port.state.credit).toBe(1000);
  });

  it('asks the machine about a transfer whose answers were lost, and pays it once', async () => {
    const { scheduler, machine, cabinet } = await opened();
    machine.faults.push({ on: 0x72, fault: 'drop', times: 3 });
    await expect(scheduler.until(cabinet.applyCredit('lost', 700))).resolves.toMatchObject({ status: 'completed', amount: 700 });
    expect(machine.credits).toBe(700);
  });

  it('never sends a transfer left unknown again: a repeat asks the machine, which says what became of it', async () => {
    const { scheduler, machine, cabinet } = await opened();
    machine.transferMode = { kind: 'pending', pendingPolls: 4 };
    const first = cabinet.applyCredit('t-power', 1200);
    await scheduler.until(machine.transferPending());
    machine.powerOff();
    await expect(scheduler.until(first)).resolves.toMatchObject({ status: 'unknown', reason: 'link-down' });
    machine.powerOn();
    const sentBefore = machine.sent.length;
    await expect(scheduler.until(cabinet.applyCredit('t-power', 1200))).resolves.toMatchObject({ status: 'completed', amount: 1200 });
    expect(machine.sent.slice(sentBefore).some(({ frame }) => frame[1] === 0x72 && frame[3] === 0x00)).toBe(false);
    expect(machine.credits).toBe(1200);
  });
});

describe('SAS cabinet presses and games', () => {
  const playOnChannel1 = (machine: FakeMachine, channel: number) => {
    if (channel === 1) machine.playGame(2, 10);
  };

  it('confirms a play press by the game-started exception and reports the game’s bet and win from the meters', async () => {
    const { scheduler, machine, output, cabinet, events } = await opened({ denomination: 5, onPulse: playOnChannel1 });
    machine.credits = 100;
    await expect(scheduler.until(cabinet.press('play'))).resolves.toEqual({ status: 'started' });
    expect(output.pulses).toEqual([{ channel: 1, ms: 100, at: expect.any(Number) }]);
    await scheduler.advance(1500);
    expect(events.filter((event) => event.type.startsWith('game'))).toEqual([
      { type: 'game-started' },
      { type: 'game-ended', figures: { games: 1, bet: 10, win: 50 } },
    ]);
    expect(machine.credits).toBe(108);
  });

  it('reports a start press the machine did not act on as not taken, and presses other buttons without confirmation', async () => {
    const { scheduler, output, cabinet } = await opened();
    const started = scheduler.now();
    await expect(scheduler.until(cabinet.press('play'))).resolves.toEqual({ status: 'not-taken' });
    expect(scheduler.now() - started).toBe(2000);
    await expect(scheduler.until(cabinet.press('betUp'))).resolves.toEqual({ status: 'pressed' });
    await expect(scheduler.until(cabinet.press('cashOut'))).resolves.toEqual({ status: 'not-wired', button: 'cashOut' });
    output.failure = new Error('relay board unplugged');
    await expect(scheduler.until(cabinet.press('play'))).resolves.toEqual({ status: 'failed', error: 'relay board unplugged' });
    expect(output.pulses.map((pulse) => pulse.channel)).toEqual([1, 2]);
  });

  it('disables play once the game in progress has ended, and the seat’s figures come from the meters', async () => {
    const { scheduler, machine, cabinet } = await opened({ onPulse: (m, channel) => channel === 1 && m.playGame(3, 12, 1500) });
    machine.credits = 50;
    const open = await scheduler.until(cabinet.enablePlay());
    expect(open).toMatchObject({ status: 'enabled', gameInProgress: false });
    await scheduler.until(cabinet.press('play'));
    const closed = await scheduler.until(cabinet.disablePlay());
    expect(closed).toMatchObject({ status: 'disabled', gameInProgress: false, meters: { coinIn: 3, coinOut: 12, credit: 59 } });
    expect(machine.playEnabled).toBe(false);
  });
});

describe('SAS cabinet events and statuses', () => {
  it('turns doors, tilts, hand pays, power and the link into events and the lobby statuses', async () => {
    const { scheduler, machine, events } = await opened({ denomination: 5 });
    const statuses = () => events.filter((event) => event.type === 'status');
    machine.exceptions.push(0x11);
    await scheduler.advance(600);
    expect(statuses().at(-1)).toEqual({ type: 'status', status: 'error', because: ['slot door open'] });
    machine.exceptions.push(0x12, 0x42);
    await scheduler.advance(1000);
    expect(statuses().at(-1)).toEqual({ type: 'status', status: 'error', because: ['tilt: reel 2 tilt'] });
    machine.handPay = { level: 0x40, amount: 2000 };
    machine.exceptions.push(0x7e, 0x51);
    await scheduler.advance(1000);
    expect(events).toContainEqual({ type: 'hand-pay-pending', amount: 10_000 });
    expect(statuses().at(-1)).toEqual({ type: 'status', status: 'error', because: ['hand pay pending'] });
    machine.handPay = null;
    machine.exceptions.push(0x52);
    await scheduler.advance(600);
    expect(events).toContainEqual({ type: 'hand-pay-reset', amount: 10_000 });
    expect(statuses().at(-1)).toEqual({ type: 'status', status: null, because: [] });
    machine.powerOff();
    await scheduler.advance(25 * 200 + 1000);
    expect(statuses().at(-1)).toEqual({ type: 'status', status: 'offline', because: ['link down'] });
    machine.exceptions.push(0x18);
    machine.powerOn();
    await scheduler.advance(2000);
    // 18 is reported once the machine answers again, right before 17
    expect(events.slice(-6)).toEqual([
      { type: 'link', up: true },
      { type: 'status', status: null, because: [] },
      { type: 'power', on: false },
      { type: 'status', status: 'offline', because: ['power lost'] },
      { type: 'power', on: true },
      { type: 'status', status: null, because: [] },
    ]);
  });
});
