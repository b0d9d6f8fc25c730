import { afterEach, describe, expect, it } from 'vitest';
import type { SasEvent } from './events.ts';
import { FakeMachine, hex } from './fake-machine-test-helpers.ts';
import { FakeScheduler } from './fake-scheduler-test-helpers.ts';
import { currentCredits } from './long-polls/current-credits.ts';
import { SasPoller } from './poller.ts';

function setup() {
  const scheduler = new FakeScheduler();
  const machine = new FakeMachine(scheduler, 1);
  const poller = new SasPoller(machine, { address: 1, scheduler });
  const events: SasEvent[] = [];
  poller.onEvent((event) => events.push(event));
  poller.start();
  return { scheduler, machine, poller, events };
}

let running: SasPoller | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('the poll loop', () => {
  it('syncs with a poll to address 0, then general-polls the machine every 200 ms', async () => {
    const { scheduler, machine, poller } = setup();
    running = poller;
    await scheduler.advance(1000);
    expect(hex(machine.sent[0]!.frame)).toBe('80');
    const general = machine.sent.filter(({ frame }) => frame[0] === 0x81).map(({ at }) => at);
    expect(general).toEqual([0, 200, 400, 600, 800, 1000]);
  });

  it('delivers each exception once as a typed event, acknowledging it with a poll to address 0 between machine polls', async () => {
    const { scheduler, machine, poller, events } = setup();
    running = poller;
    machine.exceptions.push(0x7e, 0x7f, 0x11, 0x51);
    await scheduler.advance(2000);
    expect(events).toEqual([
      { type: 'link', up: true },
      { type: 'game-started' },
      { type: 'game-ended' },
      { type: 'door', door: 'slot', open: true },
      { type: 'hand-pay-pending' },
    ]);
    const trace = machine.sent.slice(0, 6).map(({ at, frame }) => `${at} ${hex(frame)}`);
    expect(trace).toEqual(['0 80', '0 81', '100 80', '200 81', '300 80', '400 81']);
  });

  it('repeats a general poll whose answer was lost, and the machine repeats the exception (implied NACK) without doubling it', async () => {
    const { scheduler, machine, poller, events } = setup();
    running = poller;
    machine.exceptions.push(0x7e);
    machine.faults.push({ on: 'general', fault: 'drop' });
    await scheduler.advance(1000);
    expect(events.filter((event) => event.type === 'game-started')).toHaveLength(1);
  });

  it('answers a long poll in its turn', async () => {
    const { scheduler, machine, poller } = setup();
    running = poller;
    machine.credits = 1451;
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: true, value: 1451 });
  });

  it.each(['drop', 'bad-crc', 'late', 'garbage-after'] as const)(
    'sends a long poll again, 200 ms later, when its answer was %s, and reads the repeated answer',
    async (fault) => {
      const { scheduler, machine, poller } = setup();
      running = poller;
      machine.credits = 25;
      await scheduler.advance(50);
      machine.faults.push({ on: 0x1a, fault, times: 2 });
      await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: true, value: 25 });
      const tries = machine.sent.filter(({ frame }) => hex(frame) === '01 1A').map(({ at }) => at);
      expect(tries).toHaveLength(3);
      expect(tries[1]! - tries[0]!).toBe(200);
      expect(tries[2]! - tries[1]!).toBe(200);
    },
  );

  it('gives up after the third poll without an answer', async () => {
    const { scheduler, machine, poller } = setup();
    running = poller;
    machine.faults.push({ on: 0x1a, fault: 'drop', times: 3 });
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: false, reason: 'no-answer' });
    machine.faults.push({ on: 0x1a, fault: 'bad-crc', times: 3 });
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: false, reason: 'garbled' });
  });

  it('takes NACK and busy as answers, not as reasons to repeat the poll', async () => {
    const { scheduler, machine, poller } = setup();
    running = poller;
    machine.faults.push({ on: 0x1a, fault: 'nack' });
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: false, reason: 'nack' });
    machine.faults.push({ on: 0x1a, fault: 'busy' });
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: false, reason: 'busy' });
    expect(machine.sent.filter(({ frame }) => hex(frame) === '01 1A')).toHaveLength(2);
  });

  it('puts a general poll between two long polls with the same command, so the second is not read as a NACK', async () => {
    const { scheduler, machine, poller } = setup();
    running = poller;
    await scheduler.advance(50);
    const first = poller.request(currentCredits);
    const second = poller.request(currentCredits);
    await scheduler.until(Promise.all([first, second]));
    const polls = machine.polls();
    const at = polls.indexOf('01 1A');
    expect(polls.slice(at, at + 3)).toEqual(['01 1A', '81', '01 1A']);
  });

  it('reports the link down after 25 polls without an answer, and up again with the machine’s power exception', async () => {
    const { scheduler, machine, poller, events } = setup();
    running = poller;
    await scheduler.advance(1000);
    machine.powerOff();
    await scheduler.advance(24 * 200 + 100);
    expect(events.at(-1)).toEqual({ type: 'link', up: true });
    await scheduler.advance(200);
    expect(events.at(-1)).toEqual({ type: 'link', up: false });
    expect(poller.linkUp).toBe(false);
    machine.powerOn();
    await scheduler.advance(600);
    expect(events.slice(-2)).toEqual([
      { type: 'link', up: true },
      { type: 'power', on: true },
    ]);
  });

  it('lets a machine that powered up again sync: a poll to address 0 after each poll left unanswered', async () => {
    const { scheduler, machine, poller, events } = setup();
    running = poller;
    await scheduler.advance(1000);
    machine.powerOff();
    await scheduler.advance(25 * 200 + 100);
    expect(events.at(-1)).toEqual({ type: 'link', up: false });
    machine.powerOn();
    expect(machine.synced).toBe(false);
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: true, value: 0 });
    await scheduler.advance(600);
    expect(events.slice(-2)).toEqual([
      { type: 'link', up: true },
      { type: 'power', on: true },
    ]);
    // three tries of a general poll, then the poll to address 0 that syncs the machine
    const frames = machine.sent.map(({ frame }) => hex(frame));
    const answered = frames.lastIndexOf('01 1A');
    expect(frames.slice(answered - 4, answered)).toEqual(['81', '81', '81', '80']);
  });

  it('takes a port that cannot be written as a machine that does not answer', async () => {
    const { scheduler, machine, poller, events } = setup();
    running = poller;
    machine.exceptions.push(0x7e);
    await scheduler.advance(50); // 7E came at 0; its acknowledgement, a poll to address 0, is due at 100
    machine.writeError = new Error('EIO');
    await scheduler.advance(100);
    await expect(scheduler.until(poller.request(currentCredits))).resolves.toEqual({ ok: false, reason: 'no-answer' });
    await scheduler.advance(25 * 200);
    expect(events.at(-1)).toEqual({ type: 'link', up: false });
  });

  it('settles queued long polls as stopped when it stops', async () => {
    const { scheduler, poller } = setup();
    const pending = poller.request(currentCredits);
    await poller.stop();
    await expect(scheduler.until(pending)).resolves.toEqual({ ok: false, reason: 'stopped' });
    await expect(poller.request(currentCredits)).resolves.toEqual({ ok: false, reason: 'stopped' });
  });
});
