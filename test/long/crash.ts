#!/usr/bin/env -S node --import tsx
/**
 * Crash test (docs/crash-test.md): the platform and the machine agent run as separate processes on a
 * throw-away data folder (and, with DATABASE_URL, a throw-away PostgreSQL database); ~20 players play
 * 12 machines over the game socket (cash-ins retried with the same id, spins, collects, cash-outs), a
 * cashier deposits and withdraws, and a killer `kill -9`s the platform and/or the agent at seeded
 * moments. After recovery the money must reconcile to the kuruş and every transfer id must be in
 * the ledger exactly once. Exits 1 on any violation.
 *
 *   npm run test:long                                               # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:long   # PostgreSQL
 *   CRASH_SEEDS=7,42 CRASH_SECONDS=60 npm run test:long
 *
 * Everything listens on 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import type {
  GameButton,
  GameError,
  GameState,
  InfoPush,
  JoinAck,
  LoginAnswer,
  MachineTransferStatus,
  SessionState,
} from '@reelcast/protocol';
import { loadConfig } from '@reelcast/platform';
// A throw-away PostgreSQL database per seed, as the integration tests make them (that module has no vitest).
import { freshPostgres, testKeysDir } from '@reelcast/testing';
import { freePort } from '../../scripts/lib/free-port.mjs';
// The product's own service layer (what the `reelcast` CLI calls), for the setup and the cashier. The
// package's exports only start the platform, so these come from its source (a module through its
// index.ts where that exports what is needed).
import { withServices as withProductServices } from '../../apps/platform/src/platform.ts';
import type { Services } from '../../apps/platform/src/services.ts';
import { demoPlayers, seedDemoData } from '../../apps/platform/src/seed/index.ts';
import { DEMO_DEPOSIT_MINOR } from '../../apps/platform/src/seed/demo-data.ts';
import {
  CASHIER_ACCOUNT,
  holdAccount,
  jackpotAccount,
  JACKPOTS_ACCOUNT,
  machineAccount,
  walletAccount,
} from '../../apps/platform/src/wallet/index.ts';
import { SasMachine, sasFigures, simulatorChildren, writeCabinetsFile } from './sas-machines.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'apps/launcher/bin/reelcast.mjs');

// ---------------------------------------------------------------------------------------------
// Settings

const SEEDS = parseSeeds(process.env.CRASH_SEEDS ?? '3');
const CHAOS_SECONDS = positive('CRASH_SECONDS', 35);
const PLAYER_COUNT = positive('CRASH_PLAYERS', 20);
const MACHINE_COUNT = 12;
/** Machines 1…CRASH_SAS of every seed are SAS cabinets on simulators (docs/crash-test.md "SAS cabinets"); 0: none. */
const SAS_COUNT = wholeUpTo('CRASH_SAS', 2, MACHINE_COUNT);
/** Once both processes answer their readiness checks, some player moves within this (docs/crash-test.md). */
const BACK_TO_PLAY_LIMIT_MS = 15_000;
const DEADLINE_SECONDS = 5;
const SWEEP_SECONDS = 5; // the platform voids expired reservations every 5 s
const ADMIN_URL = process.env.DATABASE_URL || '';
const DB_KIND = ADMIN_URL ? 'postgres' : 'pglite';
const LONG_OUTAGE_CHANCE = Math.min(1, positive('CRASH_LONG_OUTAGE', 0.5)); // per seed: one platform outage > 20 s
const SETUP_DEPOSIT = 200_000; // 2,000.00 per created player (plus a few kuruş, seeded)
// Brand jackpots that hit often during the chaos (docs/jackpots.md): small seeds (ceilings twice as
// much) and 3 % of every bet into each meter, so a seed sees dozens of hits.
const JACKPOT_SEEDS = '5.00,2.00,1.00';
const JACKPOT_BASIS_POINTS = 300;
const CLI_TIMEOUT_MS = 90_000;
const PLAYERS_STOP_MS = 60_000; // after the chaos, every player and the cashier must have stopped within this
// A seed that runs longer than this is stuck: the watchdog prints where and ends the run with exit 1.
const SEED_LIMIT_SECONDS = positive('CRASH_SEED_LIMIT', CHAOS_SECONDS + 300);

function parseSeeds(text: string): number[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 1 && /^\d+$/.test(parts[0]!) && Number(parts[0]) <= 50) {
    return Array.from({ length: Number(parts[0]) }, (_, i) => i + 1);
  }
  if (!parts.every((p) => /^\d+$/.test(p))) fail(`CRASH_SEEDS must be a count (e.g. 3) or a list of seeds (e.g. 7,42), not "${text}"`);
  return parts.map(Number);
}

function positive(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`${name} must be a positive number`);
  return n;
}

function wholeUpTo(name: string, fallback: number, max: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) fail(`${name} must be a whole number from 0 to ${max}`);
  return Number(value);
}

function fail(message: string): never {
  console.error(`crash test: ${message}`);
  process.exit(2);
}

if (ADMIN_URL) {
  const host = new URL(ADMIN_URL).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host))
    fail(`loopback only: DATABASE_URL must point at 127.0.0.1, not ${host}`);
}

// ---------------------------------------------------------------------------------------------
// Small tools

/** A seeded PRNG (mulberry32) per stream, so each component's decisions depend on the seed only. */
function rng(seed: number, stream: string) {
  let h = 2166136261;
  for (const ch of `${seed}/${stream}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    float: next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    // next() < 1, so the index is in the list (never called with an empty one).
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Rng = ReturnType<typeof rng>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An amount in minor units, as a number, a BigInt or the text of a bigint column. */
type Minor = number | bigint | string;

function fmt(value: Minor): string {
  let v = BigInt(value);
  const negative = v < 0n;
  if (negative) v = -v;
  return `${negative ? '-' : ''}${(v / 100n).toLocaleString('en-US')}.${String(v % 100n).padStart(2, '0')}`;
}

const sum = (values: readonly Minor[]) => values.reduce<bigint>((a, b) => a + BigInt(b), 0n);

// ---------------------------------------------------------------------------------------------
// What one seed works with and records

/** A player the test signs in as. */
interface PlayerRef {
  id: number;
  username: string;
  password: string;
}

/** One deposit or withdrawal of the cashier, by its idempotency key. */
interface CashierPlan {
  key: string;
  player: PlayerRef;
  kind: 'deposit' | 'withdraw';
  /** Kuruş. */
  amount: number;
}
type CashierOutcome = 'done' | 'refused' | 'unknown';
type CashierOp = CashierPlan & { outcome: CashierOutcome };

/** A client transfer id (a cash-in), with what the player was told about it. */
interface ClientTransfer {
  id: string;
  client: number;
  playerId: number;
  machine: number | null;
  amount: number;
  attempts: number;
  outcome: 'pending' | 'ok' | 'refused-funds' | 'voided' | 'refused' | 'abandoned' | 'unknown';
}

/** One simulated player on the game socket. */
interface Client extends PlayerRef {
  index: number;
  r: Rng;
  token: string | null;
  /** The machine it plays or will join; null: pick one. */
  machine: number | null;
  /** The cash-in it retries with the same id until answered. */
  pending: ClientTransfer | null;
  transferSerial: number;
  /** What it is doing now (the watchdog and the progress lines print it). */
  phase: string;
  /** Why its last game socket did not open (the progress lines print it while it tries again). */
  socketRefusal?: string;
}

type Stats = ReturnType<typeof newStats> & { stuckBeforeCleanRestart?: string };

/** The state of one seed; runSeed fills in the URLs, environments and processes before anything reads them. */
interface SeedContext {
  seed: number;
  dataDir: string;
  violations: string[];
  warnings: string[];
  stats: Stats;
  money: Map<string, CashierOp>;
  transfers: Map<string, ClientTransfer>;
  sockets: Set<Socket>;
  cashierSerial: number;
  inFlight: number;
  /** Cash-ins and cash-outs on the wire, by machine. */
  inFlightOn: Map<number, number>;
  /** The seed's SAS cabinets (machines 1…SAS_COUNT), each on its simulator. */
  sas: SasMachine[];
  stopClients: boolean;
  aborted: boolean;
  serviceToken: string;
  databaseUrl: string;
  log: (message: string) => void;
  warn: (message: string) => void;
  violation: (message: string) => void;
  onSelfExit: (proc: Proc) => void;
  platformUrl: string;
  agentUrl: string;
  cliEnv: NodeJS.ProcessEnv;
  childEnv: NodeJS.ProcessEnv;
  platform: Proc;
  agent: Proc;
  phase: string;
  players: PlayerRef[];
  probe: PlayerRef;
  clients?: Client[];
  chaosEndsAt: number;
  longOutagePending?: boolean;
  busyRestarting?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Child processes: `reelcast platform` and `reelcast machines`

const children = new Set<ChildProcess>();

interface ProcExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

class Proc {
  ctx: SeedContext;
  name: 'platform' | 'agent';
  command: 'platform' | 'machines';
  args: string[];
  child: ChildProcess | null;
  exited: Promise<ProcExit | undefined>;
  expectExit: boolean;
  logFile: string;
  selfExits: number;
  /** Answered its readiness check since its last start. */
  ready: boolean;

  constructor(ctx: SeedContext, name: Proc['name'], command: Proc['command'], args: string[] = []) {
    this.ctx = ctx;
    this.name = name;
    this.command = command;
    this.args = args;
    this.child = null;
    this.exited = Promise.resolve(undefined);
    this.expectExit = false;
    this.logFile = path.join(ctx.dataDir, `${name}.log`);
    this.selfExits = 0;
    this.ready = false;
  }

  get running() {
    return this.child !== null;
  }

  /** For the progress lines: 'up' once ready, 'starting' while it gets there. */
  get state() {
    return this.ready ? 'up' : this.running ? 'starting' : 'down';
  }

  start() {
    const fd = fs.openSync(this.logFile, 'a');
    fs.writeSync(fd, `\n--- start ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, [CLI, this.command, ...this.args], {
      cwd: ROOT,
      env: this.ctx.childEnv,
      stdio: ['ignore', fd, fd],
    });
    fs.closeSync(fd);
    this.child = child;
    this.ready = false;
    this.expectExit = false;
    children.add(child);
    this.exited = new Promise<ProcExit>((resolve) => {
      child.once('exit', (code, signal) => {
        children.delete(child);
        if (this.child === child) {
          this.child = null;
          this.ready = false;
        }
        if (!this.expectExit) {
          this.selfExits++;
          const last =
            this.tail(40)
              .split('\n')
              .filter((line) => /error|fail|refus|in use|EADDR/i.test(line))
              .at(-1) ?? this.tail(1);
          this.ctx.log(
            `${this.name} exited by itself (code ${code}, signal ${signal}); the supervisor restarts it; its log: ${last.slice(0, 300)}`,
          );
          this.ctx.onSelfExit(this);
        }
        resolve({ code, signal });
      });
    });
    return child.pid;
  }

  async kill9() {
    if (!this.child) return null;
    const pid = this.child.pid!; // a spawned process has one
    this.expectExit = true;
    process.kill(pid, 'SIGKILL');
    await this.exited;
    return pid;
  }

  /** Graceful stop (SIGTERM); a stop that hangs 20 s is reported and finished with SIGKILL. */
  async stop() {
    if (!this.child) return true;
    this.expectExit = true;
    const pid = this.child.pid!;
    process.kill(pid, 'SIGTERM');
    const done = await Promise.race([this.exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!done) {
      this.ctx.violation(`${this.name} (pid ${pid}) did not stop within 20 s of SIGTERM; killed`);
      await this.kill9();
    }
    return done;
  }

  tail(lines = 15) {
    try {
      return fs.readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** The machine agent's GET /health. */
interface AgentHealth {
  ok: boolean;
  machines?: number[];
}

/**
 * Waits until `proc` serves. 120 s: an agent's start (its modules through tsx, then the platform's machine
 * list) took 2.7–9.9 s to listen alone here, 12.5–40.2 s beside CI's other after-e2e suites on 2 cores, and
 * over 60 s once in a CI rehearsal (2026-12-01); a start that is stuck still fails, well inside the seed's limit.
 */
async function waitReady(ctx: SeedContext, proc: Proc, timeoutMs = 120_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!proc.running) return false;
    try {
      if (proc === ctx.platform) {
        const res = await fetch(`${ctx.platformUrl}/Settings.json`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return (proc.ready = true);
      } else {
        const res = await fetch(`${ctx.agentUrl}/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok && ((await res.json()) as AgentHealth).machines?.length === MACHINE_COUNT) return (proc.ready = true);
      }
    } catch {
      // not up yet
    }
    await sleep(150);
  }
  return false;
}

/** Starts a process and waits until it serves; retried a few times (an agent gives up if the platform is away 20 s). */
async function bringUp(ctx: SeedContext, proc: Proc): Promise<boolean> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    if (!proc.running) proc.start();
    if (await waitReady(ctx, proc)) return true;
    if (proc.running) {
      ctx.violation(`${proc.name} did not become ready within 120 s after a start; log:\n${proc.tail()}`);
      return false;
    }
    ctx.log(`${proc.name} exited while starting (attempt ${attempt}); starting it again`);
    await sleep(500);
  }
  ctx.violation(`${proc.name} cannot be started after a crash; log:\n${proc.tail()}`);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Money movements outside the machines: the cashier (deposits and withdrawals)

function cashierPlan(ctx: SeedContext, r: Rng, source: string): CashierPlan {
  const player = r.pick(ctx.players);
  const deposit = r.chance(0.65);
  const amount = deposit ? r.int(1_000, 60_000) : r.int(1_000, 40_000); // kuruş, not whole liras
  return { key: `crash:s${ctx.seed}:${source}:${++ctx.cashierSerial}`, player, kind: deposit ? 'deposit' : 'withdraw', amount };
}

function record(ctx: SeedContext, plan: CashierPlan, outcome: CashierOutcome): void {
  ctx.money.set(plan.key, { ...plan, outcome });
  const s = ctx.stats;
  if (outcome === 'done' && plan.kind === 'deposit') s.deposits++;
  else if (outcome === 'done') s.withdrawals++;
  else if (outcome === 'refused') s.withdrawalsRefused++;
  else s.cashierUnknown++;
}

/** `error?.[name]` of a caught value, whatever was thrown. */
function caught(error: unknown, name: 'code' | 'message' | 'stack'): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** One deposit or withdrawal through the ledger (the code `reelcast player deposit|withdraw` runs). */
async function ledgerCashierOp(ctx: SeedContext, services: Services, plan: CashierPlan): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await services.ledger[plan.kind]({
        playerId: plan.player.id,
        idempotencyKey: plan.key,
        amount: plan.amount,
        memo: `crash cashier ${plan.kind}`,
      });
      return record(ctx, plan, 'done');
    } catch (error) {
      if (caught(error, 'code') === 40002) return record(ctx, plan, 'refused');
      if (attempt >= 10) {
        // The test's own cashier, not the product: whichever way it went, the ledger check finds it once or not at all.
        ctx.warn(
          `cashier ${plan.key}: no definite answer after ${attempt} tries (${String(caught(error, 'message'))}); left to the ledger check`,
        );
        return record(ctx, plan, 'unknown');
      }
      await sleep(300);
    }
  }
}

/** One deposit or withdrawal through the real CLI with --key; sometimes kill -9'd and repeated with the same key. */
async function cliCashierOp(ctx: SeedContext, r: Rng, allowKill: boolean): Promise<void> {
  const plan = cashierPlan(ctx, r, 'cli');
  const amountText = `${Math.floor(plan.amount / 100)}.${String(plan.amount % 100).padStart(2, '0')}`;
  for (let attempt = 1; attempt <= 8; attempt++) {
    const killAfter = allowKill && attempt === 1 && r.chance(0.35) ? r.int(300, 2_500) : null;
    const res = await runCli(ctx, ['player', plan.kind, plan.player.username, amountText, '--key', plan.key], killAfter);
    ctx.stats.cliRuns++;
    if (res.killed) {
      ctx.stats.cliKilled++;
      continue;
    }
    if (res.code === 0) return record(ctx, plan, 'done');
    if (/code 40002/.test(res.output)) return record(ctx, plan, 'refused');
    await sleep(400); // e.g. the data folder is in use: nothing happened, try again
  }
  return record(ctx, plan, 'unknown');
}

interface CliRun {
  code: number | null;
  output: string;
  killed: boolean;
}

/** Runs the CLI; a run that takes longer than CLI_TIMEOUT_MS is killed and reported (never waited on forever). */
function runCli(ctx: SeedContext, args: string[], killAfterMs: number | null = null): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: ctx.cliEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (output += String(d)));
    child.stderr.on('data', (d: Buffer) => (output += String(d)));
    const timer =
      killAfterMs === null
        ? null
        : setTimeout(() => {
            if (child.exitCode === null) {
              killed = true;
              process.kill(child.pid!, 'SIGKILL');
            }
          }, killAfterMs);
    const limit = setTimeout(() => {
      if (child.exitCode !== null) return;
      ctx.violation(`reelcast ${args.join(' ')} still running after ${CLI_TIMEOUT_MS / 1000} s; killed`);
      process.kill(child.pid!, 'SIGKILL');
    }, CLI_TIMEOUT_MS);
    child.once('exit', (code) => {
      children.delete(child);
      if (timer) clearTimeout(timer);
      clearTimeout(limit);
      resolve({ code, output, killed: killed && code !== 0 });
    });
  });
}

/** Opens the product's services on the run's database (taking the embedded database's lock, like the CLI). */
async function withServices<T>(ctx: SeedContext, work: (services: Services) => Promise<T>): Promise<T> {
  const config = loadConfig(
    {
      dataDir: ctx.dataDir,
      databaseUrl: ctx.databaseUrl || undefined,
      // On PostgreSQL every process reads its keys from KEYS_DIR (the run's one folder).
      keysDir: ctx.databaseUrl ? testKeysDir() : undefined,
      logLevel: 'silent',
      seed: false,
    },
    // The agents' service token, by its variable as the child processes get it (not a field of the platform's Config).
    { ...process.env, MACHINE_API_TOKEN: ctx.serviceToken },
  );
  return withProductServices(config, work);
}

// ---------------------------------------------------------------------------------------------
// Players on the game socket

/** A refusal of the agent (GameError), or of this client: -1 no answer in time, -2 not connected, -3 an empty answer. */
type Failure = Omit<GameError, 'ErrorMessage'> & { ErrorMessage?: string };
type LookAck = { ok: true; session: SessionState };
type StateAck = { ok: true; state: GameState };
type TransferAck = { ok: true; transferId: string; credit: number; balance: number };
type CashoutAck = { ok: true; amount: number; balance?: number };

/** Emits a game-socket event and waits for its acknowledgement (`T` or a refusal), at most `ms`. */
function ask<T extends { ok: true }>(socket: Socket, event: string, payload: object, ms: number): Promise<T | Failure> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve({ ok: false, code: -2, ErrorMessage: 'not connected' });
    socket
      .timeout(ms)
      .emit(event, payload, (error: Error | null, ack?: T | GameError) =>
        resolve(error ? { ok: false, code: -1, ErrorMessage: String(error.message) } : (ack ?? { ok: false, code: -3 })),
      );
  });
}

async function login(ctx: SeedContext, client: PlayerRef): Promise<string | null> {
  try {
    const res = await fetch(`${ctx.platformUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: client.username, password: client.password }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return null;
    const { token } = (await res.json()) as LoginAnswer;
    ctx.stats.logins++;
    return token;
  } catch {
    return null;
  }
}

/**
 * Opens a game socket; null when it cannot. Besides `connect_error`, a connection can also end before
 * the namespace answers (the agent killed just after the transport opened): socket.io-client then
 * emits only `disconnect`, so that ends the wait too, and a timer bounds it whatever happens.
 */
function openSocket(ctx: SeedContext, machine: number, token: string, refused?: (reason: string) => void): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = connectSocket(`${ctx.agentUrl}/machines/${machine}`, {
      transports: ['websocket'],
      reconnection: false,
      // Each player is a device of its own, as in a browser: no connection shared with the other players.
      forceNew: true,
      auth: { token },
      timeout: 3_000,
    });
    let settled = false;
    const done = (ok: boolean, reason = '') => {
      if (settled) return;
      settled = true;
      if (!ok) refused?.(reason);
      clearTimeout(timer);
      socket.off('connect');
      socket.off('connect_error');
      socket.off('disconnect');
      if (!ok) socket.close();
      else ctx.sockets.add(socket);
      resolve(ok ? socket : null);
    };
    const failed = (reason: string) => () => done(false, reason);
    const timer = setTimeout(failed('no connection in 5 s'), 5_000);
    socket.once('connect', () => done(true));
    socket.once('connect_error', (error) => done(false, `connect_error: ${error.message}`));
    socket.once('disconnect', (reason) => done(false, `disconnect: ${reason}`));
  });
}

function closeSocket(ctx: SeedContext, socket: Socket): void {
  ctx.sockets.delete(socket);
  socket.close();
}

/** A client transfer id: unique per attempt group, retried with the same id on the same machine until answered. */
function newTransfer(ctx: SeedContext, client: Client): void {
  const id = `s${ctx.seed}-c${client.index}-t${++client.transferSerial}`;
  const transfer: ClientTransfer = {
    id,
    client: client.index,
    playerId: client.id,
    machine: client.machine,
    amount: client.r.pick([1_000, 2_500, 5_000, 7_550, 10_000, 20_000, 35_025, 50_000]),
    attempts: 0,
    outcome: 'pending',
  };
  ctx.transfers.set(id, transfer);
  client.pending = transfer;
  ctx.stats.cashInsTried++;
}

function abandonPending(ctx: SeedContext, client: Client): void {
  if (!client.pending) return;
  client.pending.outcome = 'abandoned';
  ctx.stats.cashInsAbandoned++;
  client.pending = null;
}

/** A cash-in or cash-out goes on the wire to `machine` (the killer aims at these); `done` when it is answered. */
function onTheWire(ctx: SeedContext, machine: number | null) {
  const on = machine ?? 0;
  ctx.inFlight++;
  ctx.inFlightOn.set(on, (ctx.inFlightOn.get(on) ?? 0) + 1);
  return {
    done: () => {
      ctx.inFlight--;
      ctx.inFlightOn.set(on, ctx.inFlightOn.get(on)! - 1);
    },
  };
}

/** Money on the wire to one of the seed's SAS cabinets (any of them when `machine` is omitted). */
function sasInFlight(ctx: SeedContext, machine?: SasMachine): boolean {
  return (machine ? [machine] : ctx.sas).some((m) => (ctx.inFlightOn.get(m.id) ?? 0) > 0);
}

/** @returns 'continue' | 'reconnect' */
async function sendTransfer(ctx: SeedContext, client: Client, socket: Socket): Promise<'continue' | 'reconnect'> {
  const t = client.pending!; // called only with a cash-in pending
  t.attempts++;
  if (t.attempts > 1) ctx.stats.cashInRetries++;
  const wire = onTheWire(ctx, client.machine);
  client.phase = `waiting for a cash-in answer on machine ${client.machine}`;
  const ack = await ask<TransferAck>(socket, 'transfer', { amount: t.amount, transferId: t.id }, 12_000);
  client.phase = `playing machine ${client.machine}`;
  wire.done();
  if (ack.ok) {
    t.outcome = 'ok';
    client.pending = null;
    ctx.stats.cashInsOk++;
    ctx.stats.cashInAmount += t.amount;
    return 'continue';
  }
  const finals: Record<number, ClientTransfer['outcome']> = { 40002: 'refused-funds', 40901: 'voided', 40000: 'refused' };
  const final = finals[ack.code];
  if (final) {
    t.outcome = final;
    client.pending = null;
    if (ack.code === 40002) ctx.stats.cashInsNoFunds++;
    else if (ack.code === 40901) ctx.stats.cashInsVoided++;
    else ctx.stats.cashInsRefused++;
    return 'continue';
  }
  ctx.stats.cashInErrors++;
  if (t.attempts >= 12) {
    abandonPending(ctx, client);
    return 'continue';
  }
  if (client.r.chance(0.15)) {
    // The player gives up on this transfer without an answer: the id is never retried (the agent posts
    // it, or the platform voids it at the deadline). Half walk away, half play on with what the meter shows.
    abandonPending(ctx, client);
    if (client.r.chance(0.5)) client.machine = null;
    return 'reconnect';
  }
  if (ack.code === 42900) await sleep(1_000);
  if (ack.code === 50000) await sleep(client.r.int(200, 800));
  return ack.code === -1 || ack.code === -2 || ack.code === 50100 ? 'reconnect' : 'continue';
}

async function runClient(ctx: SeedContext, client: Client): Promise<void> {
  const r = client.r;
  while (!ctx.stopClients) {
    if (!client.token) {
      client.phase = 'signing in';
      client.token = await login(ctx, client);
      if (!client.token) {
        await sleep(r.int(300, 900));
        continue;
      }
    }
    if (client.machine === null) {
      abandonPending(ctx, client);
      client.machine = r.int(1, MACHINE_COUNT);
    }
    client.phase = `opening the game socket of machine ${client.machine}`;
    const socket = await openSocket(ctx, client.machine, client.token, (reason) => (client.socketRefusal = reason));
    if (!socket) {
      await sleep(r.int(200, 700));
      continue;
    }
    client.phase = `joining machine ${client.machine}`;
    const joined = await ask<JoinAck>(socket, 'init', { machineID: client.machine, token: client.token }, 12_000);
    if (!joined.ok) {
      closeSocket(ctx, socket);
      if (joined.code === 10) client.token = null;
      else if (joined.code === 40900) {
        ctx.stats.busy++;
        client.machine = null; // taken (or locked): try another one
        await sleep(r.int(200, 900));
      } else await sleep(r.int(300, 1_000));
      continue;
    }
    ctx.stats.joins++;
    if (joined.resumed) ctx.stats.resumed++;
    client.phase = `playing machine ${client.machine}`;
    await play(ctx, client, socket, joined.state);
    closeSocket(ctx, socket);
  }
  client.phase = 'stopped';
  if (client.pending) client.pending.outcome = 'unknown'; // the run ended while it was unanswered
}

async function play(ctx: SeedContext, client: Client, socket: Socket, initial: GameState): Promise<void> {
  const r = client.r;
  let state = initial;
  let closed = false;
  let lockedFor = 0;
  socket.on('disconnect', () => (closed = true));
  socket.on('state', (s: GameState) => (state = s));
  socket.on('info', (info: InfoPush) => {
    if (info.type === 'HAND_PAY') ctx.stats.handPays++;
    if (info.type === 'JACKPOT') ctx.stats.jackpots++;
    if (info.type === 'CLOSE_SESSION') client.machine = null;
  });
  const press = async (button: GameButton) => {
    client.phase = `waiting for a ${button} answer on machine ${client.machine}`;
    const ack = await ask<StateAck>(socket, 'press', { button }, 6_000);
    client.phase = `playing machine ${client.machine}`;
    if (ack.ok) state = ack.state;
    return ack;
  };
  while (!ctx.stopClients && !closed) {
    await sleep(r.int(40, 150));
    if (client.pending) {
      if ((await sendTransfer(ctx, client, socket)) === 'reconnect') return;
      continue;
    }
    if (state.locked) {
      client.phase = `waiting for a hand pay on machine ${client.machine}`;
      // A hand pay / jackpot lock: wait for its settlement, or give up on this machine for a while.
      if (++lockedFor > 60) {
        ctx.stats.leftLocked++;
        client.machine = null;
        return;
      }
      await sleep(100);
      continue;
    }
    lockedFor = 0;
    const roll = r.float();
    // A SAS cabinet shows no bet until its first game (the machine's own): no credit is broke there too.
    const broke = state.credit < Math.max(state.bet, 1);
    if (broke && state.bet > state.betLevels[0]! && roll < 0.3) {
      await press('BET_DOWN');
      continue;
    }
    if (broke ? roll < 0.85 : roll < 0.09) {
      newTransfer(ctx, client);
      continue;
    }
    if (broke || roll < 0.13) {
      const wire = onTheWire(ctx, client.machine);
      client.phase = `waiting for a cash-out answer on machine ${client.machine}`;
      const ack = await ask<CashoutAck>(socket, 'cashout', {}, 12_000);
      client.phase = `playing machine ${client.machine}`;
      wire.done();
      if (ack.ok) {
        ctx.stats.cashOuts++;
        ctx.stats.cashOutAmount += ack.amount;
        client.machine = r.chance(0.3) ? client.machine : null;
        return;
      }
      if (ack.code === -1 || ack.code === -2) return;
      continue;
    }
    if (roll < 0.16) {
      const ack = await press('COLLECT');
      if (ack.ok) ctx.stats.collects++;
      continue;
    }
    if (roll < 0.22) {
      await press(r.pick(['MAX_BET', 'MAX_BET', 'BET_UP', 'BET_DOWN']));
      continue;
    }
    if (roll < 0.235) {
      const ack = await press('AUTOPLAY');
      if (ack.ok) ctx.stats.autoplayToggles++;
      continue;
    }
    for (let i = r.int(1, 4); i > 0 && !closed && !ctx.stopClients; i--) {
      const ack = await press('SPIN');
      if (ack.ok) ctx.stats.spins++;
      else if (ack.code === -1 || ack.code === -2 || ack.code === 50100) return;
      else break;
      // At a real cabinet the next press waits for the reels: one during a game is not taken (2 s to say so).
      await sleep(client.machine !== null && client.machine <= SAS_COUNT ? r.int(600, 900) : r.int(20, 80));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The killer

async function killer(ctx: SeedContext): Promise<void> {
  const r = rng(ctx.seed, 'killer');
  const end = ctx.chaosEndsAt;
  const gapMs = () => r.int(2_000, 6_000);
  ctx.longOutagePending = r.chance(LONG_OUTAGE_CHANCE);
  for (let strike = 1; Date.now() < end; strike++) {
    await sleep(Math.min(gapMs(), Math.max(0, end - Date.now())));
    if (Date.now() >= end - 1_500 || ctx.aborted) break;
    // With SAS cabinets, some kills aim at the agent in the middle of an AFT transfer (lock and transfer take
    // two poll slots, about 400 ms): the cabinet must resolve it by asking the machine once it is back. The
    // first strike always does (the SAS players' first cash-ins are on the wire then): every seed has one.
    // Few others do: a SAS cash-in draws each aimed strike to it, and a killed one leaves its player broke
    // to cash in again, so with 35 % of the strikes aimed the SAS machines were seldom played.
    const aftKill = ctx.sas.length > 0 && (r.chance(0.1) || strike === 1);
    if (aftKill) {
      for (const until = Date.now() + 2_000; !sasInFlight(ctx) && Date.now() < until;) await sleep(2);
      if (sasInFlight(ctx)) ctx.stats.sas.agentKillsMidAft++;
      await sleep(r.int(20, 450));
    } else if (r.chance(0.6)) {
      // Aim at money in flight: wait (up to 1 s) for a cash-in or cash-out on the wire, then a few ms more.
      for (const until = Date.now() + 1_000; ctx.inFlight === 0 && Date.now() < until;) await sleep(2);
      await sleep(r.int(0, 12));
    }
    const roll = r.float();
    const targets: [Proc, ...Proc[]] = aftKill
      ? roll < 0.75
        ? [ctx.agent]
        : [ctx.platform, ctx.agent]
      : roll < 0.35
        ? [ctx.platform]
        : roll < 0.7
          ? [ctx.agent]
          : [ctx.platform, ctx.agent];
    ctx.busyRestarting = true;
    const pids: string[] = [];
    for (const target of targets) pids.push(`${target.name} ${await target.kill9()}`);
    const label = targets.length === 2 ? 'both' : targets[0].name;
    ctx.stats.kills[label]++;
    // Mostly short; sometimes past the 5 s deadline; once per seed (if drawn) longer than the agent's 20 s of retries.
    const long = targets.includes(ctx.platform) && ctx.longOutagePending && r.chance(0.5);
    if (long) ctx.longOutagePending = false;
    const downMs = long ? r.int(21_000, 24_000) : r.chance(0.25) ? r.int(4_000, 8_000) : r.int(200, 2_500);
    let note = '';
    await sleep(downMs);
    if (targets.includes(ctx.platform) && DB_KIND === 'pglite') note = await pgliteCashierWindow(ctx, r);
    // Start again in a seeded order (an agent started first waits for the platform); sometimes kill the
    // new process again during its start-up, i.e. during its recovery.
    for (const target of r.chance(0.5) ? targets : [...targets].reverse()) {
      if (r.chance(0.2)) {
        target.start();
        await sleep(r.int(150, 2_000));
        if (target.running) {
          await target.kill9();
          ctx.stats.kills.startup++;
          note += ` ${target.name} killed again during start-up;`;
          await sleep(r.int(100, 800));
        }
      }
      target.start();
      await sleep(r.int(0, 1_500));
    }
    for (const target of targets) {
      if (!(await bringUp(ctx, target))) {
        ctx.aborted = true;
        break;
      }
    }
    ctx.busyRestarting = false;
    ctx.log(`kill -9 ${pids.join(', ')}; down ${(downMs / 1000).toFixed(1)} s;${note} back up`);
    void watchBackToPlay(ctx);
  }
}

/**
 * The SAS cabinets' own failures, every 4–8 s on one of them that has played or moved money since its
 * last: a power loss armed for its next transfer (before or after the money moves), a power loss while a
 * cash-in or cash-out is on the wire to it, or its process killed then started again on the same pairs
 * (its NVRAM is what it remembers). Power returns after 0.5–3 s.
 */
async function sasFaults(ctx: SeedContext): Promise<void> {
  const r = rng(ctx.seed, 'sas-faults');
  const stop = ctx.chaosEndsAt - 3_000;
  // A machine fails again only once it has played or moved money since its last failure: otherwise an
  // armed power loss meets nearly every transfer, and the SAS machines never get to play.
  const activityAtLastFault = new Map<number, number>();
  while (Date.now() < stop && !ctx.aborted) {
    await sleep(r.int(4_000, 8_000));
    if (Date.now() >= stop || ctx.aborted) break;
    const machine = r.pick(ctx.sas);
    const roll = r.float();
    const offMs = r.int(500, 3_000);
    const back = `back after ${(offMs / 1000).toFixed(1)} s`;
    const activity = sasActivity(machine);
    if (activity === null || activity === (activityAtLastFault.get(machine.id) ?? 0)) continue;
    activityAtLastFault.set(machine.id, activity);
    if (roll < 0.4) {
      const applied = r.chance(0.5);
      if (await sasCommand(ctx, machine, { cmd: 'powerLossOnNextTransfer', applied, offMs })) {
        ctx.stats.sas.armed++;
        ctx.log(
          `SAS machine ${machine.id}: will lose power in its next transfer, ${applied ? 'after' : 'before'} the money moves; ${back}`,
        );
      }
      continue;
    }
    for (const until = Date.now() + 2_000; !sasInFlight(ctx, machine) && Date.now() < until;) await sleep(2);
    const midTransfer = sasInFlight(ctx, machine);
    await sleep(r.int(0, 400));
    const during = midTransfer ? ' during a transfer' : '';
    if (roll < 0.7) {
      if (await sasCommand(ctx, machine, { cmd: 'powerLoss', offMs })) {
        ctx.stats.sas.powerLosses++;
        ctx.log(`SAS machine ${machine.id}: power lost${during}; ${back}`);
      }
      continue;
    }
    const pid = await machine.kill9();
    if (pid === null) continue;
    ctx.stats.sas.simulatorKills++;
    await sleep(offMs);
    try {
      await machine.start();
      ctx.log(`SAS machine ${machine.id}: kill -9 simulator ${pid}${during}; ${back} from its NVRAM`);
    } catch (error) {
      ctx.violation(`SAS machine ${machine.id}: ${(error as Error).message}`);
    }
  }
}

/** Games played and AFT transfers of a SAS machine so far, from its NVRAM; null if it cannot be read now. */
function sasActivity(machine: SasMachine): number | null {
  try {
    const { meters } = machine.nvram();
    return meters.gamesPlayed + meters.aftInCount + meters.aftOutCount;
  } catch {
    return null;
  }
}

/** A control-channel command to a SAS machine; false (and a line) if it was not carried out. */
async function sasCommand(ctx: SeedContext, machine: SasMachine, command: { cmd: string; [field: string]: unknown }): Promise<boolean> {
  const answer = await machine.command(command).catch((error: Error) => ({ ok: false, error: error.message }));
  if (!answer.ok) ctx.log(`SAS machine ${machine.id}: ${command.cmd} not carried out (${answer.error})`);
  return answer.ok;
}

/** After the chaos: no fault left armed, every simulator running and powered (a power cut ends at most 3 s after it began). */
async function sasRestore(ctx: SeedContext): Promise<void> {
  for (const machine of ctx.sas) {
    if (!machine.running) await machine.start();
    await sasCommand(ctx, machine, { cmd: 'clearFaults' });
  }
  await sleep(3_500);
  for (const machine of ctx.sas) {
    const status = (await machine.command({ cmd: 'status' })) as { ok: boolean; power?: string };
    if (status.power === 'off') await sasCommand(ctx, machine, { cmd: 'powerOn' });
  }
}

/**
 * Both processes are ready again: how long until a player moves (unless the next kill or the end comes
 * first). Past BACK_TO_PLAY_LIMIT_MS it is a violation: twenty players reconnect within a second.
 */
async function watchBackToPlay(ctx: SeedContext): Promise<void> {
  const [before, back] = [playerMoves(ctx), Date.now()];
  while (playerMoves(ctx) === before) {
    if (ctx.busyRestarting || ctx.stopClients) return;
    if (Date.now() - back > BACK_TO_PLAY_LIMIT_MS) {
      const phases = [...new Set(ctx.clients?.map((c) => c.phase.replace(/ \d+$/, '')))].join(', ');
      return ctx.violation(`no player moved for ${BACK_TO_PLAY_LIMIT_MS / 1000} s after both processes were back (players: ${phases})`);
    }
    await sleep(100);
  }
  ctx.stats.backToPlay.push(Date.now() - back);
}

/** Every join, spin, acknowledged cash-in and cash-out of the players so far. */
function playerMoves(ctx: SeedContext): number {
  const s = ctx.stats;
  return s.spins + s.cashInsOk + s.cashOuts + s.joins;
}

/** PGlite allows one process: while the platform is down, the cashier takes its turn on the database. */
async function pgliteCashierWindow(ctx: SeedContext, r: Rng): Promise<string> {
  let note = '';
  if (r.chance(0.5)) {
    const before = ctx.stats.cliKilled;
    await cliCashierOp(ctx, r, true);
    note += ` CLI ${[...ctx.money.values()].at(-1)!.kind}${ctx.stats.cliKilled > before ? ' (kill -9 mid-way, repeated with its key)' : ''};`;
  }
  const n = r.int(10, 30);
  await withServices(ctx, async (services) => {
    await Promise.all(Array.from({ length: n }, () => ledgerCashierOp(ctx, services, cashierPlan(ctx, r, 'cashier'))));
  });
  return `${note} cashier ${n} ops;`;
}

/** PostgreSQL: the cashier works concurrently with everything, through its own connection pool and the CLI. */
async function postgresCashier(ctx: SeedContext): Promise<void> {
  const r = rng(ctx.seed, 'cashier');
  await withServices(ctx, async (services) => {
    const worker = async () => {
      while (!ctx.stopClients) {
        await ledgerCashierOp(ctx, services, cashierPlan(ctx, r, 'cashier'));
        await sleep(r.int(80, 400));
      }
    };
    const cli = async () => {
      const rc = rng(ctx.seed, 'cli');
      while (!ctx.stopClients) await cliCashierOp(ctx, rc, true);
    };
    await Promise.all([worker(), worker(), worker(), cli()]);
  });
}

// ---------------------------------------------------------------------------------------------
// One seed

function newStats() {
  return {
    /** After each restart, ms from both processes ready until a player moved again (a join, spin, cash-in or cash-out). */
    backToPlay: [] as number[],
    logins: 0,
    joins: 0,
    resumed: 0,
    busy: 0,
    spins: 0,
    collects: 0,
    autoplayToggles: 0,
    cashOuts: 0,
    cashOutAmount: 0,
    cashInsTried: 0,
    cashInsOk: 0,
    cashInAmount: 0,
    cashInRetries: 0,
    cashInErrors: 0,
    cashInsVoided: 0,
    cashInsNoFunds: 0,
    cashInsRefused: 0,
    cashInsAbandoned: 0,
    handPays: 0,
    jackpots: 0,
    leftLocked: 0,
    deposits: 0,
    withdrawals: 0,
    withdrawalsRefused: 0,
    cashierUnknown: 0,
    cliRuns: 0,
    cliKilled: 0,
    kills: { platform: 0, agent: 0, both: 0, startup: 0 },
    /** The SAS cabinets' faults: agent kills aimed at an AFT transfer (one was on the wire), power losses armed for a transfer or during one, simulator kills. */
    sas: { agentKillsMidAft: 0, armed: 0, powerLosses: 0, simulatorKills: 0 },
  };
}

interface SeedResult {
  seed: number;
  pass: boolean;
  violations: string[];
}

async function runSeed(seed: number): Promise<SeedResult> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reelcast-crash-${DB_KIND}-${seed}-`));
  // The rest of the context (log functions, URLs, environments, processes) is filled in below.
  const ctx = {
    seed,
    dataDir,
    violations: [] as string[],
    warnings: [] as string[],
    stats: newStats(),
    money: new Map<string, CashierOp>(),
    transfers: new Map<string, ClientTransfer>(),
    sockets: new Set<Socket>(),
    cashierSerial: 0,
    inFlight: 0,
    inFlightOn: new Map<number, number>(),
    sas: [] as SasMachine[],
    stopClients: false,
    aborted: false,
    serviceToken: randomBytes(24).toString('base64url'),
    databaseUrl: '',
  } as SeedContext;
  ctx.log = (message) => console.log(`[${DB_KIND} seed ${seed} +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
  ctx.warn = (message) => {
    ctx.warnings.push(message);
    ctx.log(`WARNING ${message}`);
  };
  ctx.violation = (message) => {
    ctx.violations.push(message);
    ctx.log(`VIOLATION ${message}`);
  };
  ctx.onSelfExit = (proc) => {
    if (ctx.stopClients || ctx.busyRestarting) return;
    void sleep(500).then(() => (ctx.busyRestarting || proc.running ? true : bringUp(ctx, proc)));
  };

  const database = await freshPostgres();
  if (database) ctx.databaseUrl = database.url;

  const [port, machinePort] = [await freePort(), await freePort()];
  ctx.platformUrl = `http://127.0.0.1:${port}`;
  ctx.agentUrl = `http://127.0.0.1:${machinePort}`;
  const baseEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SETTINGS_FILE', 'PORTAL_DIR', 'ALLOWED_ORIGINS', 'TRUST_PROXY']) delete baseEnv[name];
  ctx.cliEnv = {
    ...baseEnv,
    DATA_DIR: dataDir,
    ...(ctx.databaseUrl ? { DATABASE_URL: ctx.databaseUrl, KEYS_DIR: testKeysDir() } : {}),
    MACHINE_API_TOKEN: ctx.serviceToken,
    LOG_LEVEL: 'warn',
  };
  ctx.childEnv = {
    ...ctx.cliEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: ctx.platformUrl,
    MACHINE_PORT: String(machinePort),
    MACHINE_PUBLIC_URL: ctx.agentUrl,
    PLATFORM_URL: ctx.platformUrl,
    MACHINE_SEED: `crash-${seed}`,
    TRANSFER_DEADLINE_SECONDS: String(DEADLINE_SECONDS),
    SEED: 'true',
    // Every simulated player comes from 127.0.0.1: per-IP limits would throttle them as one client.
    RATE_LIMIT_API_PER_MINUTE: '0',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
  };
  ctx.platform = new Proc(ctx, 'platform', 'platform');
  // Machines 1…SAS_COUNT are SAS cabinets, each on a simulator of its own; the rest are emulated.
  for (let id = 1; id <= SAS_COUNT; id++) ctx.sas.push(await SasMachine.create(id, dataDir, seed));
  const cabinetsFile = path.join(dataDir, 'cabinets.json');
  writeCabinetsFile(cabinetsFile, MACHINE_COUNT, ctx.sas);
  ctx.agent = new Proc(ctx, 'agent', 'machines', ['--cabinets', cabinetsFile]);

  ctx.phase = 'setup';
  const watchdog = setTimeout(() => {
    ctx.log(`WATCHDOG: seed ${seed} has run ${SEED_LIMIT_SECONDS} s and is stuck in phase '${ctx.phase}'`);
    for (const client of ctx.clients ?? []) if (client.phase !== 'stopped') ctx.log(`  player ${client.index}: ${client.phase}`);
    for (const proc of [ctx.platform, ctx.agent])
      ctx.log(`  ${proc.name} ${proc.running ? `running (pid ${proc.child!.pid})` : 'not running'}; log tail:\n${proc.tail(10)}`);
    console.log(`\nCrash test on ${DB_KIND}: FAIL (seed ${seed} stuck; data kept in ${dataDir})`);
    process.exit(1);
  }, SEED_LIMIT_SECONDS * 1000);
  let result: CheckResult | null;
  try {
    result = await chaosAndCheck(ctx);
  } catch (error) {
    ctx.violation(`the test itself failed: ${String(caught(error, 'stack') ?? error)}`);
    result = null;
  } finally {
    clearTimeout(watchdog);
    ctx.stopClients = true;
    for (const socket of ctx.sockets) socket.close();
    for (const proc of [ctx.agent, ctx.platform]) if (proc.running) await proc.kill9();
    await Promise.all(ctx.sas.map((machine) => machine.close()));
    // Clean-up of the test's own database, after every check: not the product's.
    await database?.drop().catch((e: Error) => ctx.warn(`drop database: ${e.message}`));
  }
  const seconds = (Date.now() - started) / 1000;
  const pass = ctx.violations.length === 0;
  if (pass) fs.rmSync(dataDir, { recursive: true, force: true });
  printSummary(ctx, result, seconds, pass);
  return { seed, pass, violations: ctx.violations };
}

async function chaosAndCheck(ctx: SeedContext): Promise<CheckResult | null> {
  // Setup: players with wallets (the product's PlayersService and Ledger, as `reelcast player create|deposit`).
  const setupRng = rng(ctx.seed, 'setup');
  ctx.players = await withServices(ctx, async (s) => {
    await seedDemoData(s.machines, s.players, s.ledger);
    // The brands' strings are their meters' seeds; the meters are made now (the platform would at its start).
    await s.database.db.execute(sql.raw(`update brands set jackpot = '${JACKPOT_SEEDS}'`));
    await s.jackpots.meters.ensureMeters();
    for (const meter of await s.jackpots.meters.list())
      await s.jackpots.meters.configure(meter.id, { contributionBasisPoints: JACKPOT_BASIS_POINTS });
    const list: PlayerRef[] = [];
    for (const demo of demoPlayers) {
      const row = await s.players.require(demo.username);
      list.push({ id: row.id, username: demo.username, password: demo.password });
      ctx.money.set(`seed:deposit:${demo.username}`, {
        key: `seed:deposit:${demo.username}`,
        kind: 'deposit',
        amount: DEMO_DEPOSIT_MINOR,
        player: list.at(-1)!,
        outcome: 'done',
      });
    }
    for (let i = list.length + 1; i <= PLAYER_COUNT; i++) {
      const username = `crash${String(i).padStart(2, '0')}`;
      const row = await s.players.create({
        username,
        email: `${username}@crash.test`,
        password: 'crash-pass',
        name: 'Crash',
        lastname: String(i),
        pin: null,
      });
      const player = { id: row.id, username, password: 'crash-pass' };
      list.push(player);
      const plan: CashierPlan = {
        key: `crash:s${ctx.seed}:setup:${username}`,
        player,
        kind: 'deposit',
        amount: SETUP_DEPOSIT + setupRng.int(0, 99),
      };
      await ledgerCashierOp(ctx, s, plan);
    }
    const probe = await s.players.create({
      username: 'crashprobe',
      email: 'crashprobe@crash.test',
      password: 'crash-pass',
      name: 'Probe',
      lastname: '',
      pin: null,
    });
    ctx.probe = { id: probe.id, username: 'crashprobe', password: 'crash-pass' };
    return list;
  });
  ctx.stats.deposits = 0; // count only the run's own deposits in the summary
  ctx.log(
    `setup: ${ctx.players.length} players with wallets (${ctx.players.length - demoPlayers.length} created + ${demoPlayers.length} demo), ${MACHINE_COUNT} machines, brand jackpots ${JACKPOT_SEEDS} at ${JACKPOT_BASIS_POINTS / 100} % each; data ${ctx.dataDir}${ctx.databaseUrl ? `; database ${new URL(ctx.databaseUrl).pathname.slice(1)}` : ''}`,
  );

  if (!(await bringUp(ctx, ctx.platform)) || !(await bringUp(ctx, ctx.agent))) return null;
  ctx.log(
    `platform ${ctx.platformUrl} (pid ${ctx.platform.child!.pid}) and agent ${ctx.agentUrl} (pid ${ctx.agent.child!.pid}) up; chaos for ${CHAOS_SECONDS} s`,
  );

  // Chaos: players, the cashier and the killer, all at once.
  ctx.chaosEndsAt = Date.now() + CHAOS_SECONDS * 1000;
  const clients = ctx.players.map((p, index): Client => ({
    ...p,
    index,
    r: rng(ctx.seed, `client-${index}`),
    token: null,
    machine: index < MACHINE_COUNT ? index + 1 : null,
    pending: null,
    transferSerial: 0,
    phase: 'starting',
  }));
  ctx.clients = clients;
  const clientRuns = clients.map((c) => runClient(ctx, c));
  const cashier = DB_KIND === 'postgres' ? postgresCashier(ctx) : Promise.resolve();
  let lastMoves = -1;
  const progress = setInterval(() => {
    const s = ctx.stats;
    ctx.log(
      `progress: ${s.spins} spins, ${s.cashInsOk} cash-ins ok (${s.cashInRetries} retries), ${s.cashOuts} cash-outs, ${s.deposits} deposits, ${s.withdrawals} withdrawals, kills ${s.kills.platform + s.kills.agent + s.kills.both}`,
    );
    // No player got anywhere in 10 s: say what they are waiting for (not a failure by itself).
    const moves = playerMoves(ctx);
    if (moves === lastMoves) {
      const phases = new Map<string, number>();
      for (const c of clients) phases.set(c.phase.replace(/ \d+$/, ''), (phases.get(c.phase.replace(/ \d+$/, '')) ?? 0) + 1);
      const refusals = new Map<string, number>();
      for (const c of clients)
        if (c.phase.startsWith('opening the game socket') && c.socketRefusal)
          refusals.set(c.socketRefusal, (refusals.get(c.socketRefusal) ?? 0) + 1);
      ctx.log(
        `  no player moved in 10 s (platform ${ctx.platform.state}, agent ${ctx.agent.state}); players: ${[...phases].map(([p, n]) => `${n} ${p}`).join(', ')}${refusals.size ? `; the game socket's last refusals: ${[...refusals].map(([why, n]) => `${n} ${why}`).join(', ')}` : ''}`,
      );
    }
    lastMoves = moves;
  }, 10_000);
  ctx.phase = 'chaos';
  await Promise.all([killer(ctx), ctx.sas.length > 0 ? sasFaults(ctx) : null]);
  clearInterval(progress);

  // Recovery: stop the players and the cashier; both processes up; the sweeper and the agent's start-up recovery.
  ctx.stopClients = true;
  for (const socket of ctx.sockets) socket.close();
  ctx.phase = 'stopping the players and the cashier';
  const stopped = await Promise.race([Promise.all([...clientRuns, cashier]).then(() => true), sleep(PLAYERS_STOP_MS).then(() => false)]);
  if (!stopped) {
    const busy = clients.filter((c) => c.phase !== 'stopped').map((c) => `player ${c.index}: ${c.phase}`);
    ctx.violation(
      `players or the cashier still busy ${PLAYERS_STOP_MS / 1000} s after the chaos ended: ${busy.join('; ') || 'the cashier'}`,
    );
    return null;
  }
  if (ctx.aborted) return null;
  await sasRestore(ctx);
  for (const proc of [ctx.platform, ctx.agent]) if (!proc.running && !(await bringUp(ctx, proc))) return null;
  const waitS = DEADLINE_SECONDS + SWEEP_SECONDS + 1;
  ctx.phase = 'recovery';
  ctx.log(
    `recovery: players stopped, platform and agent up; waiting ${waitS} s (deadline ${DEADLINE_SECONDS} s + sweeper ${SWEEP_SECONDS} s)`,
  );
  await sleep(waitS * 1000);
  await ctx.agent.stop();
  const beforeRestart = readMachineStates(ctx);
  const stuck = leftovers(beforeRestart);
  ctx.log(`recovery: agent stopped (SIGTERM); left in its state: ${describeLeftovers(stuck)}; clean restart for its start-up recovery`);
  if (stuck.count > 0) ctx.stats.stuckBeforeCleanRestart = describeLeftovers(stuck);
  if (!(await bringUp(ctx, ctx.agent))) return null;
  for (const until = Date.now() + 25_000; Date.now() < until;) {
    await sleep(500);
    if (leftovers(readMachineStates(ctx)).moneyCount === 0) break;
  }
  await sleep(1_000);
  ctx.phase = 'probing the machines';
  await probeMachines(ctx);
  await ctx.agent.stop();
  await ctx.platform.stop();

  // Checks.
  ctx.phase = 'checking';
  const verify = await runCli(ctx, ['ledger', 'verify']);
  const verifyLine = verify.output.trim().split('\n').filter(Boolean).join(' / ');
  if (verify.code !== 0) ctx.violation(`reelcast ledger verify exited ${verify.code}: ${verifyLine}`);
  const db = await readDatabase(ctx);
  const machinesState = readMachineStates(ctx);
  const sasStates: SasStates = new Map(ctx.sas.map((machine) => [machine.id, sasFigures(machine.nvram())]));
  return check(ctx, db, machinesState, sasStates, verifyLine);
}

/**
 * After recovery, can a new player sit at every machine? A probe player (no money) joins each machine
 * and leaves at once. A machine the agent holds no seat on but the platform refuses is blocked: a
 * violation, as is a machine whose game socket does not open.
 */
async function probeMachines(ctx: SeedContext): Promise<void> {
  const token = await login(ctx, ctx.probe);
  if (!token) return ctx.violation('probe: the probe player cannot sign in');
  const outcome = { joinable: 0, seated: 0, locked: 0, blocked: [] as { id: number; code: number; status: string | undefined }[] };
  for (let id = 1; id <= MACHINE_COUNT; id++) {
    const socket = await openSocket(ctx, id, token);
    if (!socket) {
      ctx.violation(`probe: machine ${id}: no game socket`);
      continue;
    }
    const look = await ask<LookAck>(socket, 'init', { id }, 5_000);
    const session = look.ok ? look.session : undefined;
    const joined = await ask<JoinAck>(socket, 'init', { machineID: id, token }, 10_000);
    if (joined.ok) {
      outcome.joinable++;
      await ask<CashoutAck>(socket, 'cashout', {}, 10_000);
    } else if (session?.occupied) outcome.seated++;
    else if (session?.status === 'error') outcome.locked++;
    else outcome.blocked.push({ id, code: joined.code, status: session?.status });
    closeSocket(ctx, socket);
  }
  for (const b of outcome.blocked)
    ctx.violation(
      `probe: machine ${b.id} has no seat on the agent (status ${b.status}) but refuses a new player (code ${b.code}): blocked after recovery`,
    );
  ctx.log(
    `probe: ${outcome.joinable} machines take a new player, ${outcome.seated} keep a stopped player's seat, ${outcome.locked} locked, ${outcome.blocked.length} blocked`,
  );
}

// ---------------------------------------------------------------------------------------------
// Reading the final state

/** What the test reads of an agent's state file `{DATA_DIR}/machines/{id}.json` (docs/crash-test.md). */
interface MachineStateFile {
  /** The cabinet's snapshot: the engine's (emulated), or the hand pays not yet paid (SAS; its meters are the machine's). */
  game: EngineSnapshot | { settlements: { amount: number }[] };
  seat: { sessionId: string } | null;
  pendingCashOuts: { amount: number }[];
  /** Absent in files written before it existed. */
  applied?: Record<string, number>;
  /** Reserved cash-ins the cabinet could not say it applied; absent in older files. */
  applying?: Record<string, { amount: number }>;
  /** Failed cash-ins whose take-back off the meter the cabinet has not confirmed or denied; absent in older files. */
  takingBack?: Record<string, { amount: number }>;
}
interface EngineSnapshot {
  state: {
    credit: number;
    spins: number;
    totalBet: number;
    totalWon: number;
    status: string;
    lock: { pending: { amount: number }[] } | null;
  };
  settledIds: string[];
}
/** By machine id; null: the machine has no state file. */
type MachineStates = Map<number, MachineStateFile | null>;

function readMachineStates(ctx: SeedContext): MachineStates {
  const states: MachineStates = new Map();
  for (let id = 1; id <= MACHINE_COUNT; id++) {
    const file = path.join(ctx.dataDir, 'machines', `${id}.json`);
    states.set(id, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as MachineStateFile) : null);
  }
  return states;
}

/** A SAS machine's meters from its NVRAM (sas-machines.ts). */
type SasMeters = ReturnType<typeof sasFigures>;
/** The SAS machines' meters by machine id, read once the simulators are stopped. */
type SasStates = Map<number, SasMeters>;

interface MachineFigures {
  credit: bigint;
  pending: bigint;
  applied: bigint;
  unpaid: bigint;
  totalBet: bigint;
  totalWon: bigint;
  spins: number;
  pendingCount: number;
  appliedCount: number;
  /** Reserved cash-ins whose apply the cabinet could not confirm (a SAS link or agent lost mid-transfer). */
  applyingCount: number;
  /** Failed cash-ins whose take-back the cabinet has not confirmed or denied. */
  takingBackCount: number;
  unpaidCount: number;
  settledIds?: string[];
  status?: string;
}

/**
 * One machine's figures: the money in flight from the agent's state file; the meters from the engine's
 * snapshot in it, or for a SAS cabinet from the machine's own NVRAM (`sas`).
 */
function machineFigures(state: MachineStateFile | null, sas?: SasMeters): MachineFigures {
  const applied = Object.values(state?.applied ?? {});
  const pending = state?.pendingCashOuts ?? [];
  const journal = {
    pending: sum(pending.map((p) => p.amount)),
    applied: sum(applied),
    pendingCount: pending.length,
    appliedCount: applied.length,
    applyingCount: Object.keys(state?.applying ?? {}).length,
    takingBackCount: Object.keys(state?.takingBack ?? {}).length,
  };
  const game = state?.game;
  if (!game || 'settlements' in game) {
    const unpaid = game?.settlements ?? [];
    return {
      ...journal,
      credit: sas?.credit ?? 0n,
      totalBet: sas?.totalBet ?? 0n,
      totalWon: sas?.totalWon ?? 0n,
      spins: sas?.spins ?? 0,
      unpaid: sum(unpaid.map((p) => p.amount)),
      unpaidCount: unpaid.length,
    };
  }
  const g = game.state;
  const unpaid = g.lock?.pending ?? [];
  return {
    ...journal,
    credit: BigInt(g.credit),
    unpaid: sum(unpaid.map((p) => p.amount)),
    totalBet: BigInt(g.totalBet),
    totalWon: BigInt(g.totalWon),
    spins: g.spins,
    unpaidCount: unpaid.length,
    settledIds: game.settledIds ?? [],
    status: g.status,
  };
}

function leftovers(states: MachineStates) {
  const out = {
    pending: 0n,
    applied: 0n,
    unpaid: 0n,
    pendingCount: 0,
    appliedCount: 0,
    applyingCount: 0,
    takingBackCount: 0,
    unpaidCount: 0,
    moneyCount: 0,
    count: 0,
  };
  for (const state of states.values()) {
    const f = machineFigures(state);
    for (const k of ['pending', 'applied', 'unpaid'] as const) out[k] += f[k];
    for (const k of ['pendingCount', 'appliedCount', 'applyingCount', 'takingBackCount', 'unpaidCount'] as const) out[k] += f[k];
  }
  out.moneyCount = out.pendingCount + out.appliedCount + out.applyingCount + out.takingBackCount;
  out.count = out.moneyCount + out.unpaidCount;
  return out;
}

const describeLeftovers = (l: ReturnType<typeof leftovers>) =>
  l.count === 0
    ? 'nothing'
    : `${l.pendingCount} pending cash-outs (${fmt(l.pending)}), ${l.appliedCount} applied-but-unposted cash-ins (${fmt(l.applied)}), ${l.applyingCount} cash-ins not known to be applied, ${l.takingBackCount} not known to be taken back, ${l.unpaidCount} unpaid hand pays/jackpots (${fmt(l.unpaid)})`;

/** The rows readDatabase reads (bigint columns as text). */
type DatabaseRows = {
  accounts: { code: string; balance: string }[];
  transfers: { id: string; key: string; action: number; amount: string; status: string; from: string; to: string }[];
  machineTransfers: {
    id: string;
    player_id: number;
    machine_id: number;
    session_id: string | null;
    direction: 'in' | 'out';
    amount: string;
    status: MachineTransferStatus;
  }[];
  openSessions: { id: string; player_id: number; machine_id: number }[];
  meters: { id: number; brand_id: number; value: string; seed: string; carry: number; bp: number; hits: number }[];
  hits: { meter_id: number; seq: number; amount: string; player_id: number; transfer_id: string }[];
  counters: { machine_id: number; spins: number; total_bet: string }[];
  machines: { id: number; brand_id: number }[];
};

async function readDatabase(ctx: SeedContext): Promise<DatabaseRows> {
  const queries = {
    accounts: `select code, balance::text as balance from accounts`,
    transfers: `select t.id::text as id, t.idempotency_key as key, t.action, t.amount::text as amount, t.status, fa.code as "from", ta.code as "to"
                from transfers t join accounts fa on fa.id = t.from_account_id join accounts ta on ta.id = t.to_account_id`,
    machineTransfers: `select id, player_id, machine_id, session_id::text as session_id, direction, amount::text as amount, status from machine_transfers`,
    openSessions: `select id::text as id, player_id, machine_id from slot_sessions where ended_at is null`,
    meters: `select id, brand_id, value::text as value, seed::text as seed, carry, contribution_basis_points as bp, hits from jackpot_meters`,
    hits: `select meter_id, seq, amount::text as amount, player_id, transfer_id::text as transfer_id from jackpot_hits`,
    counters: `select machine_id, spins, total_bet::text as total_bet from machine_play_counters`,
    machines: `select id, brand_id from machines`,
  };
  const out: Record<string, unknown[]> = {};
  await withServices(ctx, async (services) => {
    // Both drivers (node-postgres and PGlite) answer a raw query with its `rows`.
    for (const [name, q] of Object.entries(queries))
      out[name] = ((await services.database.db.execute(sql.raw(q))) as { rows: unknown[] }).rows;
  });
  return out as DatabaseRows;
}

// ---------------------------------------------------------------------------------------------
// The invariants

function check(ctx: SeedContext, db: DatabaseRows, machinesState: MachineStates, sasStates: SasStates, verifyLine: string) {
  const v = (m: string) => ctx.violation(m);
  const balance = new Map(db.accounts.map((a) => [a.code, BigInt(a.balance)]));
  // One row per key: the ledger has a unique index on it (and `ledger verify` checks each transfer's entries).
  const byKey = new Map(db.transfers.map((t) => [t.key, t]));

  // (3) Machine transfers ↔ ledger movements, one per phase key.
  const rows = new Map(db.machineTransfers.map((row) => [row.id, row]));
  for (const row of db.machineTransfers) {
    const amount = BigInt(row.amount);
    const hold = holdAccount(row.player_id);
    const wallet = walletAccount(row.player_id);
    const machine = machineAccount(row.machine_id);
    const expectMove = (phase: string, from: string, to: string, amt = amount) => {
      const t = byKey.get(`mt:${row.id}:${phase}`);
      if (!t) return v(`machine transfer ${row.id} (${row.direction}, ${row.status}) has no ledger movement ${phase}`);
      if (t.from !== from || t.to !== to || BigInt(t.amount) !== amt)
        v(`ledger movement mt:${row.id}:${phase} is ${t.from} → ${t.to} ${t.amount}, expected ${from} → ${to} ${amt}`);
    };
    const expectNone = (phase: string) =>
      byKey.has(`mt:${row.id}:${phase}`) && v(`machine transfer ${row.id} is ${row.status} but the ledger also has its ${phase}`);
    if (row.direction === 'in') {
      expectMove('reserve', wallet, hold);
      if (row.status === 'posted') {
        expectMove('post', hold, machine);
        expectNone('void');
      } else if (row.status === 'voided') {
        expectMove('void', hold, wallet);
        expectNone('post');
      } else v(`cash-in ${row.id} is still '${row.status}' after recovery (${fmt(amount)} held)`);
    } else {
      const out = byKey.get(`mt:${row.id}:out`);
      const excess = byKey.get(`mt:${row.id}:out:excess`);
      const moved = (out ? BigInt(out.amount) : 0n) + (excess ? BigInt(excess.amount) : 0n);
      if (moved !== amount) v(`cash-out ${row.id} of ${fmt(amount)} moved ${fmt(moved)} in the ledger`);
      if (out && (out.from !== machine || out.to !== wallet)) v(`cash-out ${row.id} went ${out.from} → ${out.to}`);
    }
  }
  for (const key of byKey.keys()) {
    const m = /^mt:(.+):(reserve|post|void|out|out:excess)$/.exec(key);
    if (key.startsWith('mt:') && (!m || !rows.has(m[1]!))) v(`ledger key ${key} has no machine transfer row`);
  }

  // Client transfer ids: at most one machine transfer each, on the client's machine; an acknowledged one is posted.
  const rowsByClientId = new Map<string, (DatabaseRows['machineTransfers'][number] & { machine: number; player: number })[]>();
  for (const row of db.machineTransfers) {
    if (row.direction !== 'in') continue;
    const m = /^m(\d+)-p(\d+)-(.+)$/.exec(row.id);
    if (!m) {
      v(`cash-in id ${row.id} is not the agent's m{machine}-p{player}-{client id}`);
      continue;
    }
    const list = rowsByClientId.get(m[3]!) ?? [];
    list.push({ ...row, machine: Number(m[1]), player: Number(m[2]) });
    rowsByClientId.set(m[3]!, list);
  }
  for (const [clientId, list] of rowsByClientId) {
    const t = ctx.transfers.get(clientId);
    if (!t) v(`cash-in ${list[0]!.id}: no client ever sent transfer id ${clientId}`);
    if (list.length > 1) v(`client transfer id ${clientId} became ${list.length} machine transfers: ${list.map((r) => r.id).join(', ')}`);
    if (t && list.some((r) => r.machine !== t.machine || r.player !== t.playerId || BigInt(r.amount) !== BigInt(t.amount))) {
      v(
        `client transfer ${clientId} (machine ${t.machine}, player ${t.playerId}, ${fmt(t.amount)}) recorded as ${list.map((r) => `${r.id} ${fmt(r.amount)}`).join(', ')}`,
      );
    }
  }
  let acked = 0;
  for (const t of ctx.transfers.values()) {
    if (t.outcome !== 'ok') continue;
    acked++;
    const row = (rowsByClientId.get(t.id) ?? [])[0];
    if (!row || row.status !== 'posted')
      v(`cash-in ${t.id} of ${fmt(t.amount)} was acknowledged to the player but is ${row ? row.status : 'not in the ledger'}`);
  }

  // The cashier: every deposit/withdrawal key the test saw succeed is in the ledger once, refused ones not at all.
  let expectedCash = 0n;
  for (const op of ctx.money.values()) {
    const t = byKey.get(op.key);
    const action = op.kind === 'deposit' ? 1 : 2;
    if (op.outcome === 'done' && !t) v(`${op.kind} ${op.key} (${fmt(op.amount)}) succeeded but is not in the ledger`);
    if (op.outcome === 'refused' && t) v(`${op.kind} ${op.key} was refused but is in the ledger`);
    if (t && (t.action !== action || BigInt(t.amount) !== BigInt(op.amount)))
      v(`${op.key}: the ledger has action ${t.action} ${t.amount}, the cashier asked ${action} ${op.amount}`);
    if (t) expectedCash += (op.kind === 'deposit' ? 1n : -1n) * BigInt(op.amount);
  }
  const ledgerCash =
    sum(db.transfers.filter((t) => t.action === 1).map((t) => t.amount)) -
    sum(db.transfers.filter((t) => t.action === 2).map((t) => t.amount));
  const cashierNet = -(balance.get(CASHIER_ACCOUNT) ?? 0n);
  if (cashierNet !== expectedCash || ledgerCash !== expectedCash) {
    v(
      `deposits − withdrawals: the cashier account says ${fmt(cashierNet)}, the ledger's deposit/withdraw movements ${fmt(ledgerCash)}, the test's own record ${fmt(expectedCash)}`,
    );
  }

  // (2) Money: per machine, then in total.
  let wallets = 0n;
  let holds = 0n;
  let others = 0n;
  for (const [code, b] of balance) {
    if (/^player:\d+:wallet$/.test(code)) wallets += b;
    else if (/^player:\d+:hold$/.test(code)) {
      holds += b;
      if (b !== 0n) v(`${code} holds ${fmt(b)} after recovery`);
    } else if (!/^machine:\d+$/.test(code) && !/^jackpot:\d+$/.test(code) && ![JACKPOTS_ACCOUNT, CASHIER_ACCOUNT].includes(code))
      others += b;
  }
  const figures = new Map([...machinesState].map(([id, state]) => [id, machineFigures(state, sasStates.get(id))]));
  const jackpots = checkJackpots(ctx, db, balance, byKey, figures);
  const totals = { credit: 0n, pending: 0n, applied: 0n, unpaid: 0n, net: 0n, bet: 0n, won: 0n };
  for (const [id, f] of figures) {
    // The machine's account also paid its bets' share into the brand jackpots.
    const account = (balance.get(machineAccount(id)) ?? 0n) + (jackpots.contributedBy.get(id) ?? 0n);
    const net = f.totalWon - f.totalBet;
    const onMachine = f.credit + f.pending + f.unpaid - f.applied;
    if (onMachine - account !== net) {
      v(
        `machine ${id}: credit ${fmt(f.credit)} + pending cash-outs ${fmt(f.pending)} + unpaid hand pays ${fmt(f.unpaid)} − unposted cash-ins ${fmt(f.applied)} − ledger machine:${id} (+ its jackpot contributions) ${fmt(account)} = ${fmt(onMachine - account)}, but the meters say won − bet = ${fmt(f.totalWon)} − ${fmt(f.totalBet)} = ${fmt(net)} (off by ${fmt(onMachine - account - net)})`,
      );
    }
    if (f.pendingCount) v(`machine ${id}: ${f.pendingCount} cash-outs (${fmt(f.pending)}) still pending after recovery`);
    if (f.appliedCount)
      v(`machine ${id}: ${f.appliedCount} cash-ins (${fmt(f.applied)}) on the meter but never posted or taken off after recovery`);
    if (f.applyingCount) v(`machine ${id}: ${f.applyingCount} cash-ins the cabinet never said it applied or not, after recovery`);
    if (f.takingBackCount) v(`machine ${id}: ${f.takingBackCount} cash-ins the cabinet never said it took back or not, after recovery`);
    if (f.unpaidCount)
      v(
        `machine ${id}: ${f.unpaidCount} hand pays/jackpots (${fmt(f.unpaid)}) never paid after recovery (machine locked, status ${f.status})`,
      );
    for (const sid of f.settledIds ?? [])
      if (!byKey.has(`settle:m${id}-${sid}`)) v(`machine ${id}: settlement ${sid} released the lock but is not in the ledger`);
    totals.credit += f.credit;
    totals.pending += f.pending;
    totals.applied += f.applied;
    totals.unpaid += f.unpaid;
    totals.net += net;
    totals.bet += f.totalBet;
    totals.won += f.totalWon;
  }
  const left = wallets + holds + totals.credit + totals.pending + totals.unpaid - totals.applied;
  const right = cashierNet - others + totals.net + jackpots.paid;
  if (left !== right)
    v(
      `conservation: wallets + holds + machine credits + pending = ${fmt(left)}, deposits − withdrawals + promotions + net machine results + brand jackpots paid = ${fmt(right)} (off by ${fmt(left - right)})`,
    );

  const sas = checkAftMeters(ctx, db, sasStates);

  // Open seats: the platform's open slot sessions and the agent's seats agree.
  const seats = new Map([...machinesState].filter(([, s]) => s?.seat).map(([id, s]) => [id, s!.seat!.sessionId] as const));
  for (const session of db.openSessions) {
    if (seats.get(session.machine_id) !== session.id)
      v(
        `slot session ${session.id} (machine ${session.machine_id}, player ${session.player_id}) is open on the platform but the agent has ${seats.has(session.machine_id) ? `session ${seats.get(session.machine_id)}` : 'no seat'} there`,
      );
  }
  for (const [id, sessionId] of seats) {
    if (!db.openSessions.some((s) => s.id === sessionId))
      v(`machine ${id}: the agent seats session ${sessionId} that the platform has closed`);
  }

  // The machines' own hand pays and jackpots (the brand jackpots' payments come from their meters).
  const settlements = db.transfers.filter((t) => (t.action === 5 || t.action === 6) && t.from.startsWith('machine:'));
  return {
    verifyLine,
    wallets,
    holds,
    others,
    cashierNet,
    ledgerCash,
    expectedCash,
    totals,
    left,
    right,
    transfers: db.transfers.length,
    machineTransfers: db.machineTransfers.length,
    postedIn: db.machineTransfers.filter((r) => r.direction === 'in' && r.status === 'posted').length,
    voidedIn: db.machineTransfers.filter((r) => r.direction === 'in' && r.status === 'voided').length,
    outs: db.machineTransfers.filter((r) => r.direction === 'out').length,
    settlements: settlements.length,
    settlementAmount: sum(settlements.map((t) => t.amount)),
    acked,
    clientIds: ctx.transfers.size,
    jackpots,
    sas,
  };
}

/**
 * Each SAS machine's AFT meters against the platform's machine transfers there, to the kuruş: what went
 * in by AFT less what came out equals the posted cash-ins less the cash-outs. A cash-in whose post failed
 * is taken back off the meter by AFT (in and out alike, the platform voided it), so the meters' gross
 * figures may exceed the platform's by the same amount each way; that amount is printed. Also: no transfer
 * is left pending on the machine.
 */
function checkAftMeters(ctx: SeedContext, db: DatabaseRows, sasStates: SasStates) {
  const lines: string[] = [];
  for (const [id, meters] of sasStates) {
    const rows = db.machineTransfers.filter((row) => row.machine_id === id);
    const cashIns = sum(rows.filter((row) => row.direction === 'in' && row.status === 'posted').map((row) => row.amount));
    const cashOuts = sum(rows.filter((row) => row.direction === 'out').map((row) => row.amount));
    const takenBack = meters.aftIn - cashIns;
    if (meters.aftIn - meters.aftOut !== cashIns - cashOuts)
      ctx.violation(
        `SAS machine ${id}: AFT in ${fmt(meters.aftIn)} − AFT out ${fmt(meters.aftOut)} = ${fmt(meters.aftIn - meters.aftOut)}, but the platform posted cash-ins ${fmt(cashIns)} − cash-outs ${fmt(cashOuts)} = ${fmt(cashIns - cashOuts)}`,
      );
    if (takenBack < 0n)
      ctx.violation(`SAS machine ${id}: the platform posted cash-ins ${fmt(cashIns)}, more than AFT in ${fmt(meters.aftIn)}`);
    if (meters.transferPending) ctx.violation(`SAS machine ${id}: an AFT transfer is still pending on the machine after recovery`);
    lines.push(
      `machine ${id}: AFT in ${fmt(meters.aftIn)} (${meters.aftInCount}) / out ${fmt(meters.aftOut)} (${meters.aftOutCount}), platform cash-ins ${fmt(cashIns)} / cash-outs ${fmt(cashOuts)}, taken back ${fmt(takenBack)}, ${meters.spins} games`,
    );
  }
  return lines;
}

/**
 * The brand jackpots (docs/jackpots.md): every meter's value is its account's balance; every hit row
 * has exactly one action-6 payment (its key, its transfer, from the meter to the winner, its amount)
 * and its reseed, and no meter paid anything else; each meter got exactly floor(Σ bets × rate) of
 * the bets its brand's machines reported (with the carry), and the platform holds the agent's final
 * counters; the seeds, contributions and payments add up to what the meters and system:jackpots hold.
 */
function checkJackpots(
  ctx: SeedContext,
  db: DatabaseRows,
  balance: Map<string, bigint>,
  byKey: Map<string, DatabaseRows['transfers'][number]>,
  figures: Map<number, MachineFigures>,
) {
  const v = (m: string) => ctx.violation(m);
  const contributedBy = new Map<number, bigint>();
  const contributedTo = new Map<string, bigint>();
  let contributed = 0n;
  let paid = 0n;
  let seeded = 0n;
  const paymentIds = new Set<string>();
  for (const t of db.transfers) {
    const meter = /^jackpot:\d+$/.test(t.from) ? t.from : null;
    if (t.action === 10) {
      const machine = /^machine:(\d+)$/.exec(t.from);
      if (!machine || !/^jackpot:\d+$/.test(t.to)) v(`jackpot contribution ${t.key} went ${t.from} → ${t.to}`);
      else contributedBy.set(Number(machine[1]), (contributedBy.get(Number(machine[1])) ?? 0n) + BigInt(t.amount));
      contributedTo.set(t.to, (contributedTo.get(t.to) ?? 0n) + BigInt(t.amount));
      contributed += BigInt(t.amount);
    } else if (t.action === 11) {
      if (t.from !== JACKPOTS_ACCOUNT || !/^jackpot:\d+$/.test(t.to)) v(`jackpot seed ${t.key} went ${t.from} → ${t.to}`);
      seeded += BigInt(t.amount);
    } else if (meter) {
      if (t.action !== 6) v(`${t.key} took money out of ${meter} with action ${t.action}`);
      paid += BigInt(t.amount);
      paymentIds.add(t.id);
    }
  }
  const brandOf = new Map(db.machines.map((m) => [m.id, m.brand_id]));
  const hitsOf = new Map<number, DatabaseRows['hits']>();
  for (const hit of db.hits) hitsOf.set(hit.meter_id, [...(hitsOf.get(hit.meter_id) ?? []), hit]);
  const hitTransfers = new Set(db.hits.map((h) => h.transfer_id));
  for (const id of paymentIds) if (!hitTransfers.has(id)) v(`a payment out of a jackpot meter (transfer ${id}) has no hit row`);
  let meterTotal = 0n;
  for (const meter of db.meters) {
    const account = jackpotAccount(meter.id);
    const held = balance.get(account) ?? 0n;
    meterTotal += held;
    if (held !== BigInt(meter.value)) v(`jackpot meter ${meter.id} shows ${fmt(meter.value)} but ${account} holds ${fmt(held)}`);
    const hits = (hitsOf.get(meter.id) ?? []).sort((a, b) => a.seq - b.seq);
    if (hits.length !== meter.hits || hits.some((h, i) => h.seq !== i + 1))
      v(`jackpot meter ${meter.id} counts ${meter.hits} hits, its hit rows are seq ${hits.map((h) => h.seq).join(',')}`);
    for (const hit of hits) {
      const payment = byKey.get(`jackpot:${meter.id}:hit:${hit.seq}`);
      const wallet = walletAccount(hit.player_id);
      if (
        !payment ||
        payment.id !== hit.transfer_id ||
        payment.action !== 6 ||
        payment.from !== account ||
        payment.to !== wallet ||
        payment.amount !== hit.amount
      )
        v(
          `jackpot hit ${meter.id}#${hit.seq} (${fmt(hit.amount)} to ${wallet}, transfer ${hit.transfer_id}) is paid by ${payment ? `${payment.id}: action ${payment.action} ${payment.from} → ${payment.to} ${fmt(payment.amount)}` : 'nothing'}`,
        );
      const reseed = byKey.get(`jackpot:${meter.id}:reseed:${hit.seq}`);
      if (!reseed || reseed.from !== 'system:jackpots' || reseed.to !== account) v(`jackpot hit ${meter.id}#${hit.seq} has no reseed`);
    }
    // Exactly floor(Σ bets × rate) of the bets its brand's machines reported, the rest in the carry.
    const bets = sum(db.counters.filter((c) => brandOf.get(c.machine_id) === meter.brand_id).map((c) => c.total_bet));
    const scaled = (contributedTo.get(account) ?? 0n) * 10_000n + BigInt(meter.carry);
    if (scaled !== bets * BigInt(meter.bp))
      v(
        `jackpot meter ${meter.id}: contributions ${fmt(contributedTo.get(account) ?? 0n)} + carry ${meter.carry}/10000 ≠ ${meter.bp} bp of the reported bets ${fmt(bets)}`,
      );
  }
  const system = balance.get('system:jackpots') ?? 0n;
  if (system !== -seeded || meterTotal !== seeded + contributed - paid)
    v(
      `brand jackpots: meters hold ${fmt(meterTotal)}, system:jackpots ${fmt(system)}; seeds ${fmt(seeded)} + contributions ${fmt(contributed)} − paid ${fmt(paid)} = ${fmt(seeded + contributed - paid)}`,
    );
  // Every bet the machines made reached the platform once (the agent reports at start and flushes when it stops).
  for (const [id, { spins, totalBet }] of figures) {
    const reported = db.counters.find((c) => c.machine_id === id);
    if (!reported ? spins > 0 : reported.spins !== spins || BigInt(reported.total_bet) !== totalBet)
      v(
        `machine ${id}: the engine counts ${spins} spins, ${fmt(totalBet)} bet; the platform's play counters say ${reported ? `${reported.spins} spins, ${fmt(reported.total_bet)}` : 'nothing'}`,
      );
  }
  // Chance, not a defect: a short run or an unlucky seed may bet too little to reach a trigger.
  if (db.hits.length === 0) ctx.warn('no brand jackpot hit during the run');
  return { contributedBy, contributed, paid, seeded, hits: db.hits.length, meters: db.meters.length };
}

type CheckResult = ReturnType<typeof check>;

function printSummary(ctx: SeedContext, result: CheckResult | null, seconds: number, pass: boolean): void {
  const s = ctx.stats;
  const log = ctx.log;
  log(
    `summary: kills: platform ${s.kills.platform}, agent ${s.kills.agent}, both ${s.kills.both}, again during start-up ${s.kills.startup}; self-exits: platform ${ctx.platform.selfExits}, agent ${ctx.agent.selfExits}`,
  );
  log(
    `  players: ${s.logins} sign-ins, ${s.joins} joins (${s.resumed} resumed seats, ${s.busy} busy), ${s.spins} spins, ${s.collects} collects, ${s.autoplayToggles} autoplay toggles, ${s.cashOuts} cash-outs (${fmt(s.cashOutAmount)}), ${s.handPays} hand pays, ${s.jackpots} jackpots seen, ${s.leftLocked} times left a locked machine`,
  );
  log(
    `  cash-ins: ${s.cashInsTried} client ids, ${s.cashInsOk} acknowledged (${fmt(s.cashInAmount)}), ${s.cashInRetries} retries with the same id, ${s.cashInErrors} errors/timeouts, ${s.cashInsVoided} voided, ${s.cashInsNoFunds} no funds, ${s.cashInsRefused} refused, ${s.cashInsAbandoned} abandoned`,
  );
  log(
    `  cashier: ${s.deposits} deposits, ${s.withdrawals} withdrawals, ${s.withdrawalsRefused} refused (no funds), ${s.cashierUnknown} unknown; CLI runs ${s.cliRuns} (${s.cliKilled} kill -9'd and repeated with their key)`,
  );
  if (ctx.sas.length)
    log(
      `  SAS cabinets (machines 1–${ctx.sas.length}): ${s.sas.agentKillsMidAft} agent kills with an AFT transfer on the wire, ${s.sas.armed} power losses armed for a transfer, ${s.sas.powerLosses} other power losses, ${s.sas.simulatorKills} simulator kills`,
    );
  if (s.backToPlay.length)
    log(
      `  back to play after a restart: ${s.backToPlay.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s (slowest ${(Math.max(...s.backToPlay) / 1000).toFixed(1)} s)`,
    );
  if (s.stuckBeforeCleanRestart) log(`  before the clean agent restart the agent still held: ${s.stuckBeforeCleanRestart}`);
  if (result) {
    const t = result.totals;
    log(`  ledger verify: ${result.verifyLine}`);
    log(
      `  ledger: ${result.transfers} transfers; machine transfers ${result.machineTransfers} (${result.postedIn} cash-ins posted, ${result.voidedIn} voided, ${result.outs} cash-outs); ${result.settlements} hand pays/jackpots (${fmt(result.settlementAmount)}); ${result.acked} acknowledged client ids of ${result.clientIds} all posted once`,
    );
    log(
      `  wallets ${fmt(result.wallets)} + holds ${fmt(result.holds)} + machine credits ${fmt(t.credit)} + pending cash-outs ${fmt(t.pending)} + unpaid hand pays ${fmt(t.unpaid)} − unposted cash-ins ${fmt(t.applied)} = ${fmt(result.left)}`,
    );
    log(
      `  deposits − withdrawals ${fmt(result.cashierNet)} (test record ${fmt(result.expectedCash)}) + promotions ${fmt(-result.others)} + machine results (won ${fmt(t.won)} − bet ${fmt(t.bet)}) ${fmt(t.net)} + brand jackpots paid ${fmt(result.jackpots.paid)} = ${fmt(result.right)}  ${result.left === result.right ? 'EQUAL' : 'DIFFERENT'}`,
    );
    for (const line of result.sas) log(`  SAS ${line}`);
    const j = result.jackpots;
    log(
      `  brand jackpots: ${j.meters} meters, ${j.hits} hits paid once each (${fmt(j.paid)}), contributions ${fmt(j.contributed)}, seeds ${fmt(j.seeded)}; every meter equals its account`,
    );
  }
  for (const w of ctx.warnings) log(`  warning: ${w.split('\n')[0]}`);
  log(`${pass ? 'PASS' : `FAIL (${ctx.violations.length} violations; data kept in ${ctx.dataDir})`} in ${seconds.toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------
// Main

const killChildren = () => {
  for (const child of [...children, ...simulatorChildren]) {
    try {
      process.kill(child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }
};
process.on('SIGINT', () => {
  killChildren();
  process.exit(130);
});
process.on('exit', killChildren);

const begun = Date.now();
console.log(
  `Reelcast crash test on ${DB_KIND === 'postgres' ? `PostgreSQL (${new URL(ADMIN_URL).host})` : 'PGlite (embedded)'}: seeds ${SEEDS.join(', ')}, ${CHAOS_SECONDS} s of chaos each, ${PLAYER_COUNT} players, ${MACHINE_COUNT} machines (${SAS_COUNT ? `1–${SAS_COUNT} SAS cabinets on simulators` : 'all emulated'}), transfer deadline ${DEADLINE_SECONDS} s`,
);
const results: SeedResult[] = [];
for (const seed of SEEDS) results.push(await runSeed(seed));
const failed = results.filter((r) => !r.pass);
console.log(
  `\nCrash test on ${DB_KIND}: ${results.length - failed.length}/${results.length} seeds passed in ${((Date.now() - begun) / 1000).toFixed(0)} s`,
);
for (const r of failed) {
  console.log(`  seed ${r.seed}: ${r.violations.length} violations`);
  for (const m of r.violations.slice(0, 20)) console.log(`    - ${m.split('\n')[0]}`);
}
process.exit(failed.length ? 1 : 0);
