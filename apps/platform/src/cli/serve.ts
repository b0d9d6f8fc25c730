import type { Config } from '../config.ts';
import { startPlatform, type RunningPlatform } from '../platform.ts';
import { demoPlayers, demoStaff } from '../seed/index.ts';
import { describeError } from './describe-error.ts';
import { printLine, warnLine, type CliIo } from './io.ts';

/** The servers' log: readable lines on a terminal, JSON lines otherwise. */
export function logger(io: CliIo, cfg: Pick<Config, 'logLevel'>): object {
  return io.stdout.isTTY
    ? { level: cfg.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level: cfg.logLevel };
}

/** Stops on SIGINT or SIGTERM with `stop`; a failed stop, or a second signal, exits at once with 1. */
export function stopOnSignals(io: CliIo, stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: stop now, whatever is still in flight.
      printLine(io, `${signal} again: stopping at once.`);
      process.exit(1);
    }
    stopping = true;
    try {
      await stop(signal);
    } catch (error) {
      warnLine(io, `reelcast: stopping failed: ${describeError(error)}`);
      process.exit(1);
    }
    printLine(io, 'Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void onSignal(signal));
  process.on('SIGTERM', (signal) => void onSignal(signal));
}

/**
 * A server started next to the platform, in the same process, once the platform listens: the launcher's
 * machine agent in `reelcast start`. It stops after the platform has drained, before the platform closes.
 */
export interface Companion {
  /** Origins the pages connect to (the CSP's connect-src), known before the platform starts. */
  connectUrls: string[];
  start(platform: RunningPlatform): Promise<{ readyLines: string[]; close(): Promise<void> }>;
}

/** `reelcast platform`, or the platform of `reelcast start` with its companion. */
export async function serve(io: CliIo, cfg: Config, companion?: Companion): Promise<void> {
  const print = (line: string) => printLine(io, line);
  const started = Date.now();
  print(`Starting Reelcast (${cfg.databaseUrl ? 'PostgreSQL' : `embedded database in ${cfg.dataDir}`})…`);
  const platform = await startPlatform(cfg, { logger: logger(io, cfg), connectUrls: companion?.connectUrls ?? [] });
  const beside = await companion?.start(platform);
  print(`\nReelcast is ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${platform.url}`);
  print(`  API docs:   ${platform.url}/docs`);
  for (const line of beside?.readyLines ?? []) print(line);
  print(`  Settings:   ${platform.services.settings.path}`);
  if (cfg.seed) {
    print(`  Demo login: ${demoPlayers.map((p) => `${p.username} / ${p.password}`).join(', ')}`);
    print(`  Team login: ${demoStaff.map((p) => `${p.username} / ${p.password} (${p.role})`).join(', ')}`);
  }
  print('Press Ctrl+C to stop.');
  stopOnSignals(io, async (signal) => {
    // Draining: /readyz answers 503 (the load balancer stops sending here) while everything still serves;
    // then no new connections, sockets told to reconnect elsewhere, requests in flight finished.
    print(`\n${signal}: draining for ${cfg.drainSeconds} s (readyz answers 503), then stopping…`);
    await platform.drain(cfg.drainSeconds);
    await beside?.close();
    await platform.close();
  });
}
