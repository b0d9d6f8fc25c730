import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MachineStatus } from '@reelcast/protocol';
import { systemScheduler } from '../cabinet/sas/scheduler.ts';
import {
  DENOMINATION,
  startSimulatedCabinet,
  startSimulator,
  type SimulatedCabinet,
  type Simulator,
} from '../cabinet/sas-cabinet/egm-sim-test-helpers.ts';
import { openSasCabinet, SasCabinetPort } from '../cabinet/sas-cabinet/index.ts';
import { fakeLedger } from './fake-ledger-test-helpers.ts';
import { fakeHostPlatform, recordingChannel } from './host-test-helpers.ts';
import { MachineHost } from './machine-host.ts';

const WALLET = 100_000;

let simulated: SimulatedCabinet | Simulator | undefined;
let host: MachineHost | undefined;
afterEach(async () => {
  await host?.close();
  await simulated?.close();
  simulated = host = undefined;
});

// tools/egm-sim on real socat pairs, in real time, behind the SAS adapter of the Cabinet port.
describe('a MachineHost driving a SAS cabinet on the gaming-machine simulator', () => {
  it('seats a player, cashes in by AFT, plays a spin pressed through the relay board, is paid a hand pay reset on the floor, cashes out: the wallet, the session and the AFT meters agree to the kuruş', async () => {
    simulated = await startSimulatedCabinet({ seed: 'host-on-sas', handPayLimitCents: 2_000 });
    const { ledger, platform: money } = fakeLedger(WALLET);
    const statuses: MachineStatus[] = [];
    const { platform, closed } = fakeHostPlatform(WALLET, {
      reportStatus: (_id, report) => Promise.resolve(void statuses.push(report.status)),
      reserveCashIn: money.reserveCashIn,
      postCashIn: money.postCashIn,
      voidCashIn: money.voidCashIn,
      cashOut: money.cashOut,
      settle: money.settle,
      sessionBalance: money.sessionBalance,
    });
    const { channel } = recordingChannel();
    const cabinet = new SasCabinetPort(simulated.cabinet);
    host = new MachineHost({ id: 1, name: 'SAS 1', cabinet, platform, channel });
    await host.start({ address: null, video: null });
    expect(host.state().status).toBe('idle');

    expect(await host.join('page', 'token')).toMatchObject({ ok: true, state: { status: 'playing', credit: 0 } });
    expect(await host.transfer('page', 5_000, 'c1')).toMatchObject({ ok: true, credit: 5_000, balance: WALLET - 5_000 });

    const ended = simulated.next('game-ended');
    expect(await host.press('page', 'SPIN')).toMatchObject({ ok: true });
    const { figures } = await ended;
    if (!figures) throw new Error('the game ended without its meters');
    let kept = 5_000 - figures.bet + figures.win;
    await vi.waitFor(() => expect(host!.state().credit).toBe(kept), { timeout: 5_000 });

    // Three sevens pay 500 × the bet, over the hand pay limit: the machine locks until an attendant resets it.
    simulated.simulator.control({ cmd: 'forceOutcome', stops: [0, 0, 0] });
    const pending = simulated.next('hand-pay-pending');
    expect(await host.press('page', 'SPIN')).toMatchObject({ ok: true });
    await pending;
    await vi.waitFor(() => expect(host!.state().status).toBe('error'), { timeout: 5_000 });
    expect(await host.press('page', 'SPIN')).toMatchObject({ ok: false });
    kept -= DENOMINATION;
    // The reset on the floor: the hand pay is paid into the wallet through the ledger (SPEC §3 action 5), once.
    simulated.simulator.control({ cmd: 'resetHandPay' });
    await vi.waitFor(() => expect([...ledger.settlements.values()]).toEqual([2_500]), { timeout: 5_000 });
    await vi.waitFor(() => expect(host!.state()).toMatchObject({ status: 'playing', locked: false, credit: kept }), { timeout: 5_000 });

    const out = await host.cashout('page');
    expect(out).toMatchObject({ ok: true, amount: kept, balance: WALLET - 5_000 + 2_500 + kept });
    expect(ledger.balance).toBe(WALLET - 5_000 + 2_500 + kept);
    expect(closed).toEqual([
      {
        sessionId: expect.any(String),
        figures: { reason: 'cashout', spins: 2, totalBet: figures.bet + DENOMINATION, totalWon: figures.win + 2_500 },
      },
    ]);
    const { meters, credits } = simulated.status();
    expect({ aftIn: meters.aftInCents, aftOut: meters.aftOutCents, credits }).toEqual({ aftIn: 5_000, aftOut: kept, credits: 0 });
    // Idle once the link came up (the event, then the start's announcement), playing while seated, error
    // while the hand pay waited, idle after.
    expect(statuses).toEqual(['idle', 'idle', 'playing', 'error', 'playing', 'idle']);
    expect(host.state().status).toBe('idle');
  });

  it('a seat kept across an agent restart: the cabinet opens idle, the seat waits for its player there (what the platform resumes), and the player plays on', async () => {
    const machine = await startSimulator({ seed: 'host-on-sas-restart' });
    simulated = machine;
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'host-on-sas-')), '1.json');
    const statuses: MachineStatus[] = [];
    const { platform } = fakeHostPlatform(WALLET, { reportStatus: (_id, report) => Promise.resolve(void statuses.push(report.status)) });
    const { channel } = recordingChannel();
    const agent = async () => {
      const cabinet = new SasCabinetPort(await openSasCabinet(machine.settings, systemScheduler));
      return MachineHost.load({ id: 1, name: 'SAS 1', cabinet: () => cabinet, platform, channel, stateFile });
    };
    host = await agent();
    await host.start({ address: null, video: null });
    expect(await host.join('page', 'token')).toMatchObject({ ok: true, state: { status: 'playing' } });
    await host.close();

    statuses.length = 0;
    host = await agent();
    await host.start({ address: null, video: null });
    // The link's coming up reports the cabinet's own idle first; the kept seat's waiting follows.
    expect(statuses.at(-1)).toBe('waiting');
    expect(machine.simulator.control({ cmd: 'status' })).toMatchObject({ playEnabled: false });
    expect(await host.join('page-again', 'token')).toMatchObject({ ok: true, state: { status: 'playing' } });
    expect(machine.simulator.control({ cmd: 'status' })).toMatchObject({ playEnabled: true });
    fs.rmSync(path.dirname(stateFile), { recursive: true, force: true });
  });
});
