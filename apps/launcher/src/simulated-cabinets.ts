import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { CabinetEntry, CabinetsFileEntry, SimulatedCabinetEntry } from '@reelcast/machine';

const SIMULATOR = fileURLToPath(new URL('../../../tools/egm-sim/main.ts', import.meta.url));
/** The simulator's glass (tools/egm-sim/README.md "The glass"): what ffmpeg is told the raw video is. */
const GLASS_INPUT = { video_size: '320x240', pixel_format: 'rgb24', framerate: '30' };
const DEMO_KEY = '5e1ec7ab1e5e1ec7ab1e5e1ec7ab1e5e1ec7ab1e';

export interface SimulatedCabinets {
  /** The cabinets file's entries with each simulated cabinet as the SAS cabinet on its simulator. */
  cabinets: CabinetEntry[];
  /** Each simulator: its machine, and where its links, control channel and glass are. */
  simulators: (SimulatorReady & { machineId: number })[];
  /** One line a simulator: where it is, for the operator. */
  lines: string[];
  close(): Promise<void>;
}

/**
 * Starts tools/egm-sim for each `simulated` entry of a cabinets file (docs/cabinets.md "Simulated
 * cabinets"), in its own process, on its own socat pseudo-terminal pairs in `{dir}/{machineId}` (its
 * NVRAM kept there across restarts), and turns the entry into the SAS cabinet that drives it: the SAS
 * test link, the LCUS relay board, the simulator's glass as the picture.
 */
export async function startSimulatedCabinets(entries: readonly CabinetsFileEntry[], dir: string): Promise<SimulatedCabinets> {
  const children: ChildProcess[] = [];
  const close = async () => {
    await Promise.all(children.map(stopChild));
  };
  try {
    const cabinets: CabinetEntry[] = [];
    const lines: string[] = [];
    const simulators: SimulatedCabinets['simulators'] = [];
    for (const entry of entries) {
      if (entry.kind !== 'simulated') {
        cabinets.push(entry);
        continue;
      }
      const started = await startSimulator(entry, path.resolve(dir, String(entry.machineId)), children);
      cabinets.push(started.cabinet);
      simulators.push({ machineId: entry.machineId, ...started.ready });
      lines.push(
        `  Machine ${entry.machineId}: simulated SAS cabinet on ${started.ready.sas}, buttons on ${started.ready.relay}, control ${started.ready.control}`,
      );
    }
    return { cabinets, simulators, lines, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface SimulatorReady {
  sas: string;
  relay: string;
  control: string;
  glass: string;
}

async function startSimulator(entry: SimulatedCabinetEntry, dir: string, children: ChildProcess[]) {
  fs.mkdirSync(dir, { recursive: true });
  const asset = 1000 + entry.machineId;
  // prettier-ignore
  const args = ['--import', import.meta.resolve('tsx'), SIMULATOR,
    '--pty-dir', dir, '--nvram', path.join(dir, 'nvram.json'), '--control', path.join(dir, 'control.sock'), '--glass', path.join(dir, 'glass.sock'),
    '--asset', String(asset), '--denom-cents', String(entry.denomination), '--seed', entry.seed ?? `machine-${entry.machineId}`,
    '--game-ms', String(entry.gameMs)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const ready = await readyLine(child, entry.machineId);
  const cabinet: CabinetEntry = {
    machineId: entry.machineId,
    kind: 'sas',
    link: { kind: 'test', device: ready.sas },
    address: 1,
    assetNumber: asset,
    registrationKey: DEMO_KEY,
    posId: 0,
    denomination: entry.denomination,
    // The simulator is a Node process behind socat on this computer: wider answer windows than SAS's 20 / 5 ms.
    timing: { responseTimeoutMs: 1_000, interByteTimeoutMs: 50 },
    // The simulator's default wiring (tools/egm-sim --buttons): 1 play, 2 bet one, 3 max bet.
    output: { board: { kind: 'lcus', device: ready.relay }, buttons: { play: 1, betUp: 2, maxBet: 3 }, pulseMs: 100 },
    startButtons: ['play', 'maxBet'],
    pressConfirmMs: 2_000,
    gameEndWaitMs: 30_000,
    video: entry.video ?? { input: `unix:${ready.glass}`, format: 'rawvideo', options: GLASS_INPUT },
  };
  return { cabinet, ready };
}

/** The simulator's first line says where its links are; an exit before it carries its error. */
function readyLine(child: ChildProcess, machineId: number): Promise<SimulatorReady> {
  const errors: string[] = [];
  let started = false;
  // Before it is ready, its errors explain why it did not start; after, they are the operator's to see.
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    if (started) console.error(`simulator of machine ${machineId}: ${line}`);
    else errors.push(line);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the simulator of machine ${machineId} exited (${code}): ${errors.join(' | ')}`)));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      started = true;
      resolve(JSON.parse(line) as SimulatorReady);
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
