/**
 * The crash test's SAS cabinets (docs/crash-test.md "SAS cabinets"): each one a gaming-machine simulator
 * (tools/egm-sim) in its own process, on socat pairs the test owns (the SAS link and the relay board), with
 * its NVRAM file and control channel in the seed's data folder. The test can kill a simulator and start it
 * again on the same pairs (its NVRAM survives), tell it to lose power in the middle of a transfer, and read
 * its meters from the NVRAM file at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPtyPair, type PtyPair } from '../../tools/egm-sim/index.ts';
import { loadNvram } from '../../tools/egm-sim/machine/nvram.ts';
import type { NvramState } from '../../tools/egm-sim/machine/state.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIMULATOR = path.join(ROOT, 'tools/egm-sim/main.ts');
/** Minor units per credit: every cash-in amount of the players (10.00, 75.50, 350.25, ...) is a whole number of credits. */
export const SAS_DENOMINATION = 25;
const REGISTRATION_KEY = '5eed0123456789abcdef0123456789abcdef0123';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Every simulator process of the run, so the test can kill what is left when it ends. */
export const simulatorChildren = new Set<ChildProcess>();

/** One SAS cabinet of a seed: the simulator process, its pairs, its NVRAM and control channel. */
export class SasMachine {
  readonly id: number;
  readonly dir: string;
  readonly nvramFile: string;
  readonly controlPath: string;
  /** The machine's asset number, as the cabinets file names it. */
  readonly asset: number;
  readonly #sas: PtyPair;
  readonly #relay: PtyPair;
  readonly #seed: string;
  readonly #logFile: string;
  #child: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();

  private constructor(id: number, dir: string, seed: string, sas: PtyPair, relay: PtyPair) {
    this.id = id;
    this.dir = dir;
    this.#seed = seed;
    this.#sas = sas;
    this.#relay = relay;
    this.nvramFile = path.join(dir, 'nvram.json');
    this.controlPath = path.join(dir, 'control.sock');
    this.asset = 1_000 + id;
    this.#logFile = path.join(dir, 'egm-sim.log');
  }

  static async create(id: number, dataDir: string, seed: number): Promise<SasMachine> {
    const dir = path.join(dataDir, 'sas', String(id));
    fs.mkdirSync(dir, { recursive: true });
    const [sas, relay] = await Promise.all([createPtyPair(dir, 'sas-egm', 'sas-host'), createPtyPair(dir, 'relay-egm', 'relay-host')]);
    const machine = new SasMachine(id, dir, `crash-${seed}-${id}`, sas, relay);
    await machine.start();
    return machine;
  }

  get running(): boolean {
    return this.#child !== null;
  }

  /** The machine's entry in the agent's cabinets file (docs/cabinets.md). */
  cabinetEntry() {
    return {
      machineId: this.id,
      kind: 'sas',
      link: { kind: 'test', device: this.#sas.b },
      assetNumber: this.asset,
      registrationKey: REGISTRATION_KEY,
      denomination: SAS_DENOMINATION,
      // A Node process behind socat on two loaded cores: wider windows, as docs/sas-test-link.md §6.3 allows.
      timing: { responseTimeoutMs: 1_000, interByteTimeoutMs: 50 },
      output: { board: { kind: 'lcus', device: this.#relay.b }, buttons: { play: 1, betUp: 2, maxBet: 3 }, pulseMs: 100 },
    };
  }

  /** Starts the simulator on the pairs (its NVRAM as it was); resolves once it listens. */
  async start(): Promise<void> {
    const fd = fs.openSync(this.#logFile, 'a');
    const args = [
      ...['--import', 'tsx', SIMULATOR],
      ...['--sas', this.#sas.a, '--relay', this.#relay.a, '--nvram', this.nvramFile, '--control', this.controlPath],
      ...['--asset', String(this.asset), '--denom-cents', String(SAS_DENOMINATION), '--seed', this.#seed],
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', fd] });
    fs.closeSync(fd);
    this.#child = child;
    simulatorChildren.add(child);
    this.#exited = new Promise((resolve) =>
      child.once('exit', () => {
        simulatorChildren.delete(child);
        if (this.#child === child) this.#child = null;
        resolve();
      }),
    );
    // It prints one JSON line with its links once it answers.
    const ready = await Promise.race([
      new Promise<boolean>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', () => resolve(true))),
      this.#exited.then(() => false),
      sleep(60_000).then(() => false),
    ]);
    if (!ready) throw new Error(`the simulator of machine ${this.id} did not start: ${this.tail()}`);
  }

  /** A crash of the machine's computer: its memory is gone, its NVRAM file stays. */
  async kill9(): Promise<number | null> {
    const child = this.#child;
    if (!child) return null;
    child.kill('SIGKILL');
    await this.#exited;
    return child.pid ?? null;
  }

  /** One command on the control channel (tools/egm-sim/README.md "Control channel"). */
  command(command: object): Promise<{ ok: boolean; error?: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.controlPath);
      const timer = setTimeout(() => socket.destroy(new Error('no answer in 5 s')), 5_000);
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      readline.createInterface({ input: socket }).once('line', (line) => {
        clearTimeout(timer);
        socket.end();
        resolve(JSON.parse(line) as { ok: boolean; error?: string });
      });
      socket.write(`${JSON.stringify(command)}\n`);
    });
  }

  /** The machine's NVRAM as its file holds it now (written whole and renamed: never half a state). */
  nvram(): NvramState {
    const state = loadNvram(this.nvramFile);
    if (!state) throw new Error(`machine ${this.id}: no NVRAM file`);
    return state;
  }

  tail(lines = 10): string {
    try {
      return fs.readFileSync(this.#logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (child) {
      child.kill('SIGTERM');
      await Promise.race([this.#exited, sleep(5_000).then(() => this.kill9())]);
    }
    await Promise.all([this.#sas.close(), this.#relay.close()]);
  }
}

/** The cabinets file of a seed: the SAS machines on their simulators, every other machine emulated. */
export function writeCabinetsFile(file: string, machineCount: number, sas: readonly SasMachine[]): void {
  const cabinets = Array.from({ length: machineCount }, (_, index) => {
    const machine = sas.find((m) => m.id === index + 1);
    return machine ? machine.cabinetEntry() : { machineId: index + 1, kind: 'emulated' };
  });
  fs.writeFileSync(file, JSON.stringify({ cabinets }, null, 2));
}

/** What the per-machine checks need of a SAS machine, in minor units, from its NVRAM. */
export function sasFigures(state: NvramState) {
  const d = BigInt(SAS_DENOMINATION);
  const m = state.meters;
  return {
    credit: BigInt(state.credits) * d,
    totalBet: BigInt(m.coinIn) * d,
    // Wins paid to the credit meter (coin out) and hand-paid wins (jackpot): what the SAS adapter reports as won.
    totalWon: BigInt(m.coinOut + m.jackpot) * d,
    spins: m.gamesPlayed,
    aftIn: BigInt(m.aftInCents),
    aftOut: BigInt(m.aftOutCents),
    aftInCount: m.aftInCount,
    aftOutCount: m.aftOutCount,
    handPayPending: state.handPay !== null,
    transferPending: state.aft.current !== null && state.aft.current.status === 0x40,
  };
}
