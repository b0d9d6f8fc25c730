import { afterEach, describe, expect, it } from 'vitest';
import { FakeMachine } from '../fake-machine-test-helpers.ts';
import { FakeScheduler } from '../fake-scheduler-test-helpers.ts';
import { SasPoller } from '../poller.ts';
import { AftClient } from './aft-client.ts';
import { transactionIdOf } from './transaction-id.ts';

const registrationKey = Uint8Array.from({ length: 20 }, (_, i) => 0xa0 + i);

function setup(options: { registered?: boolean } = {}) {
  const scheduler = new FakeScheduler();
  const machine = new FakeMachine(scheduler, 1);
  if (options.registered !== false) machine.registration = { status: 0x01, key: [...registrationKey], posId: 9 };
  const poller = new SasPoller(machine, { address: 1, scheduler });
  poller.start();
  const client = new AftClient(poller, { assetNumber: machine.assetNumber, registrationKey, posId: 9, scheduler });
  return { scheduler, machine, poller, client };
}

/** The long polls the host sent, by command, in order (general polls left out). */
const longPolls = (machine: FakeMachine) =>
  machine.sent.filter(({ frame }) => frame.length > 1).map(({ frame }) => frame[1]!.toString(16).padStart(2, '0'));

let poller: SasPoller | undefined;
afterEach(async () => {
  await poller?.stop();
  poller = undefined;
});

describe('AFT registration (long poll 73)', () => {
  it('initialises and registers a machine that is not registered to this host, then only reads it', async () => {
    const setupResult = setup({ registered: false });
    poller = setupResult.poller;
    const { scheduler, machine, client } = setupResult;
    await expect(scheduler.until(client.register())).resolves.toEqual({ status: 'registered' });
    expect(machine.registration).toEqual({ status: 0x01, key: [...registrationKey], posId: 9 });
    await expect(scheduler.until(client.register())).resolves.toEqual({ status: 'registered' });
    expect(longPolls(machine)).toEqual(['73', '73', '73', '73']);
  });

  it('reports a registration the machine did not take', async () => {
    const setupResult = setup({ registered: false });
    poller = setupResult.poller;
    const { scheduler, machine, client } = setupResult;
    machine.assetNumber = 43; // not the asset number the host registers with
    await expect(scheduler.until(client.register())).resolves.toEqual({ status: 'refused', registrationStatus: 0x00 });
  });
});

describe('AFT transfers (long polls 74 and 72)', () => {
  it('cashes in: locks, transfers under the transfer’s own transaction id, and reports the amount the machine confirmed', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    const outcome = await scheduler.until(client.cashIn('m1-p7-abc', 5000));
    expect(outcome).toEqual({ status: 'completed', transactionId: transactionIdOf('m1-p7-abc'), amount: 5000 });
    expect(machine.credits).toBe(5000);
    // the transfer, then its acknowledgement (72 FF 00), queued once the outcome is known
    expect(longPolls(machine)).toEqual(['74', '72']);
    await scheduler.advance(1000);
    expect(longPolls(machine)).toEqual(['74', '72', '72']);
    expect(
      machine.sent
        .filter(({ frame }) => frame.length > 1)
        .at(-1)!
        .frame.slice(0, 5),
    ).toEqual([0x01, 0x72, 0x02, 0xff, 0x00]);
    expect(machine.history.map((entry) => entry.transactionId)).toEqual([transactionIdOf('m1-p7-abc')]);
  });

  it('acknowledges each completed transfer, so the machine takes the next one (it answers C0 until then)', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    await expect(scheduler.until(client.cashIn('one', 100))).resolves.toMatchObject({ status: 'completed', amount: 100 });
    await expect(scheduler.until(client.cashIn('two', 200))).resolves.toMatchObject({ status: 'completed', amount: 200 });
    await expect(scheduler.until(client.cashOut('three', 300))).resolves.toMatchObject({ status: 'completed', amount: 300 });
    expect(machine.credits).toBe(0);
  });

  it('cashes out the machine’s credit to the host', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.credits = 7250;
    await expect(scheduler.until(client.cashOut('out-1', 7250))).resolves.toMatchObject({ status: 'completed', amount: 7250 });
    expect(machine.credits).toBe(0);
  });

  it('cashes out all the credit the machine reports under its lock, and nothing from a machine without credit', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.credits = 4321;
    await expect(scheduler.until(client.cashOutAll('all-1'))).resolves.toEqual({
      status: 'completed',
      transactionId: transactionIdOf('all-1'),
      amount: 4321,
    });
    expect(machine.credits).toBe(0);
    expect(machine.history.at(-1)).toMatchObject({ type: 0x80, cashable: 4321 });
    await scheduler.advance(1000);
    const before = machine.sent.length;
    await expect(scheduler.until(client.cashOutAll('all-2'))).resolves.toMatchObject({ status: 'completed', amount: 0 });
    // one 74 interrogation (FF), no lock asked, no transfer
    expect(
      machine.sent
        .slice(before)
        .filter(({ frame }) => frame.length > 1)
        .map(({ frame }) => frame.slice(1, 3)),
    ).toEqual([[0x74, 0xff]]);
  });

  it.each(['drop', 'bad-crc', 'late'] as const)(
    'resolves a transfer whose every answer was %s by interrogation, and the machine pays it once',
    async (fault) => {
      const { scheduler, machine, client, poller: p } = setup();
      poller = p;
      machine.faults.push({ on: 0x72, fault, times: 3 });
      const outcome = await scheduler.until(client.cashIn('t-lost', 1200));
      expect(outcome).toEqual({ status: 'completed', transactionId: transactionIdOf('t-lost'), amount: 1200 });
      expect(machine.credits).toBe(1200);
      expect(machine.history).toHaveLength(1);
      // three tries of the transfer, then the interrogation (72 FF 00), a general poll between them
      expect(longPolls(machine)).toEqual(['74', '72', '72', '72', '72']);
      expect(machine.sent.at(-1)!.frame.slice(0, 5)).toEqual([0x01, 0x72, 0x02, 0xff, 0x00]);
    },
  );

  it('reports a transfer that never reached the machine as absent once the machine says its last transfer is another', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    await scheduler.until(client.cashIn('earlier', 100));
    await scheduler.advance(1000); // its acknowledgement
    machine.faults.push({ on: 0x72, fault: 'unheard', times: 3 });
    const outcome = await scheduler.until(client.cashIn('t-unheard', 900));
    expect(outcome).toEqual({ status: 'absent', transactionId: transactionIdOf('t-unheard') });
    expect(machine.credits).toBe(100);
  });

  it('follows a transfer the machine reports pending until it is final', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.transferMode = { kind: 'pending', pendingPolls: 3 };
    const outcome = await scheduler.until(client.cashIn('t-pending', 3000));
    expect(outcome).toMatchObject({ status: 'completed', amount: 3000 });
    expect(machine.credits).toBe(3000);
    expect(longPolls(machine)).toEqual(['74', '72', '72', '72', '72']);
  });

  it('reports a pending transfer unknown when the machine loses power, and resolves it in flight once power is back', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.transferMode = { kind: 'pending', pendingPolls: 4 };
    const cashIn = client.cashIn('t-power', 2500);
    await scheduler.until(machine.transferPending());
    machine.powerOff();
    await expect(scheduler.until(cashIn)).resolves.toEqual({
      status: 'unknown',
      transactionId: transactionIdOf('t-power'),
      reason: 'link-down',
    });
    expect(machine.credits).toBe(0);

    machine.powerOn();
    const restarted = new AftClient(p, { assetNumber: machine.assetNumber, registrationKey, posId: 9, scheduler });
    await expect(scheduler.until(restarted.resolveInFlight('t-power'))).resolves.toMatchObject({ status: 'completed', amount: 2500 });
    expect(machine.credits).toBe(2500);
  });

  it('passes on the machine’s refusal with its status code and releases the lock', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.transferMode = { kind: 'refuse', status: 0x87 };
    await expect(scheduler.until(client.cashIn('t-refused', 100))).resolves.toEqual({
      status: 'refused',
      transactionId: transactionIdOf('t-refused'),
      stage: 'transfer',
      code: 0x87,
    });
    expect(longPolls(machine)).toEqual(['74', '72', '72', '74']);
    expect(machine.sent.at(-1)!.frame.slice(0, 3)).toEqual([0x01, 0x74, 0x80]);
    expect(machine.lock).toBe(0xff);
  });

  it('sends no transfer when the machine will not lock', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.lockAnswer = 0xff;
    await expect(scheduler.until(client.cashIn('t-no-lock', 100))).resolves.toMatchObject({ status: 'refused', stage: 'lock', code: 0xff });
    expect(longPolls(machine)).not.toContain('72');
  });

  it('reports not-sent when the lock goes unanswered', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    machine.faults.push({ on: 0x74, fault: 'drop', times: 3 });
    await expect(scheduler.until(client.cashIn('t-silent', 100))).resolves.toMatchObject({ status: 'not-sent', reason: 'no-answer' });
    expect(machine.credits).toBe(0);
  });

  it('does not pay a transfer twice when it is sent again with its transaction id (81, then the history)', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    await scheduler.until(client.cashIn('t-twice', 400));
    // The machine refuses the id again with 81, and that refusal is now its current transfer: the
    // completed one in the history decides, not the refusal.
    await expect(scheduler.until(client.cashIn('t-twice', 400))).resolves.toMatchObject({ status: 'completed', amount: 400 });
    expect(machine.current).toMatchObject({ status: 0x81, transactionId: transactionIdOf('t-twice') });
    expect(machine.credits).toBe(400);
  });

  it('resolves in flight from the history buffer when later transfers came after it, and says absent for one it never had', async () => {
    const { scheduler, machine, client, poller: p } = setup();
    poller = p;
    await scheduler.until(client.cashIn('first', 100));
    await scheduler.until(client.cashIn('second', 200));
    await scheduler.until(client.cashOut('third', 50));
    expect(machine.credits).toBe(250);
    await expect(scheduler.until(client.resolveInFlight('first'))).resolves.toEqual({
      status: 'completed',
      transactionId: transactionIdOf('first'),
      amount: 100,
    });
    await expect(scheduler.until(client.resolveInFlight('never'))).resolves.toEqual({
      status: 'absent',
      transactionId: transactionIdOf('never'),
    });
  });
});

describe('AFT transaction ids', () => {
  it('derives 20 printable characters from a transfer id, the same every time and different per transfer', () => {
    const id = transactionIdOf('m3-p12-7f1c0f7e-5a39-4c36-9d0e-0a1b2c3d4e5f');
    expect(id).toMatch(/^R[A-Z2-7]{19}$/);
    expect(transactionIdOf('m3-p12-7f1c0f7e-5a39-4c36-9d0e-0a1b2c3d4e5f')).toBe(id);
    expect(transactionIdOf('m3-p12-7f1c0f7e-5a39-4c36-9d0e-0a1b2c3d4e60')).not.toBe(id);
  });
});
