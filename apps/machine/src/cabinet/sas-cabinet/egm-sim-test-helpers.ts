// Test helper (not a test file): a SAS cabinet wired to tools/egm-sim over real socat pairs, the SAS
// link on one, the LCUS relay board on the other (docs/sas-test-link.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPtyPair,
  startEgmSimulator,
  type EgmSimulator,
  type PtyPair,
  type SimulatorOptions,
} from '../../../../../tools/egm-sim/index.ts';
import { systemScheduler } from '../sas/index.ts';
import type { CabinetEvent } from './outcomes.ts';
import { openSasCabinet } from './open-sas-cabinet.ts';
import type { SasCabinet } from './sas-cabinet.ts';
import { sasCabinetSettingsSchema, type SasCabinetSettings } from './settings.ts';

export const DENOMINATION = 5;
const ASSET = 4242;

export interface SimulatedCabinet extends Pick<Simulator, 'simulator' | 'onNextTransfer'> {
  cabinet: SasCabinet;
  events: CabinetEvent[];
  /** The simulator's status (control channel): credits, meters, the current transfer. */
  status: () => Record<string, any>;
  /** Resolves with the next event of that type. */
  next: <T extends CabinetEvent['type']>(type: T) => Promise<Extract<CabinetEvent, { type: T }>>;
  close: () => Promise<void>;
}

/** The simulator on its socat pairs, and a SAS cabinet's settings that reach it. */
export interface Simulator {
  simulator: EgmSimulator;
  settings: SasCabinetSettings;
  /** Runs `command` on the control channel the moment the machine hears the next 72 transfer (not an interrogation). */
  onNextTransfer: (command: object) => void;
  close: () => Promise<void>;
}

export async function startSimulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sas-cabinet-'));
  const pairs: PtyPair[] = await Promise.all([createPtyPair(), createPtyPair()]);
  const [sas, relay] = pairs as [PtyPair, PtyPair];
  let armed: object | null = null;
  const simulator = await startEgmSimulator(
    {
      sasPath: sas.a,
      relayPath: relay.a,
      nvramFile: path.join(dir, 'nvram.json'),
      assetNumber: ASSET,
      denominationCents: DENOMINATION,
      gameMs: 300,
      ...options,
    },
    {
      onTraffic: (direction, bytes) => {
        const transfer = direction === 'poll' && bytes[1] === 0x72 && (bytes[3] === 0x00 || bytes[3] === 0x01);
        if (transfer && armed) {
          simulator.control(armed);
          armed = null;
        }
      },
    },
  );
  const settings = sasCabinetSettingsSchema.parse({
    link: { kind: 'test', device: sas.b },
    assetNumber: ASSET,
    registrationKey: '0123456789abcdef0123456789abcdef01234567',
    posId: 7,
    denomination: DENOMINATION,
    // SAS's windows are 20 ms and 5 ms; the machine here is a Node process behind socat on a shared test
    // machine, so they are widened as docs/sas-test-link.md §6.3 allows. At a load of 16 on two cores,
    // socat's relay was seen to hand on an answer more than 250 ms after the simulator wrote it; a
    // second late answer then spoils the repeat too, and the third try is the final NACK (no answer).
    timing: { responseTimeoutMs: 1_000, interByteTimeoutMs: 50 },
    output: { board: { kind: 'lcus', device: relay.b }, buttons: { play: 1, betUp: 2, maxBet: 3 }, pulseMs: 100 },
  });
  return {
    simulator,
    settings,
    onNextTransfer: (command) => {
      armed = command;
    },
    close: async () => {
      await simulator.close();
      await Promise.all(pairs.map((pair) => pair.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startSimulatedCabinet(options: Partial<SimulatorOptions> = {}): Promise<SimulatedCabinet> {
  const { simulator, settings, onNextTransfer, close } = await startSimulator(options);
  const cabinet = await openSasCabinet(settings, systemScheduler);
  const events: CabinetEvent[] = [];
  const waiters = new Set<(event: CabinetEvent) => void>();
  cabinet.onEvent((event) => {
    events.push(event);
    for (const waiter of [...waiters]) waiter(event);
  });
  return {
    cabinet,
    simulator,
    events,
    // A copy: in process, the simulator answers with its live state.
    status: () => structuredClone(simulator.control({ cmd: 'status' })),
    onNextTransfer,
    next: <T extends CabinetEvent['type']>(type: T) =>
      new Promise<Extract<CabinetEvent, { type: T }>>((resolve) => {
        const waiter = (event: CabinetEvent) => {
          if (event.type !== type) return;
          waiters.delete(waiter);
          resolve(event as Extract<CabinetEvent, { type: T }>);
        };
        waiters.add(waiter);
      }),
    close: async () => {
      await cabinet.close();
      await close();
    },
  };
}
