import type { Command } from 'commander';
import {
  agentConfig,
  agentPublicUrl,
  loadAgentSettings,
  readCabinetsFile,
  startMachineAgent,
  type AgentSettings,
  type RunningAgent,
} from '@reelcast/machine';
import type { Config } from '../config.ts';
import { startPlatform } from '../platform.ts';
import { demoPlayers, demoStaff } from '../seed/index.ts';
import { describeError } from './describe-error.ts';
import { printLine, warnLine, type CliIo } from './io.ts';

/** `reelcast start | platform | machines`: the servers, running until SIGINT or SIGTERM. */

function logger(io: CliIo, cfg: Pick<Config, 'logLevel'>): object {
  return io.stdout.isTTY
    ? { level: cfg.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level: cfg.logLevel };
}

/** The agent's settings from the environment, or the CLI's error naming the variable. */
function agentSettings(program: Command, io: CliIo, overrides: Partial<AgentSettings>): AgentSettings {
  const globals = program.opts<{ dataDir?: string }>();
  try {
    return loadAgentSettings({ ...(globals.dataDir ? { dataDir: globals.dataDir } : {}), ...overrides }, io.env);
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
}

/** Stops on SIGINT or SIGTERM with `stop`; a failed stop, or a second signal, exits at once with 1. */
function stopOnSignals(io: CliIo, stop: (signal: NodeJS.Signals) => Promise<void>): void {
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

/** `reelcast start` (with the machines) or `reelcast platform`. */
export async function serve(program: Command, io: CliIo, cfg: Config, withMachines: boolean): Promise<void> {
  const print = (line: string) => printLine(io, line);
  const started = Date.now();
  // Read before anything starts, so a wrong MACHINE_* variable stops `reelcast start` at once.
  const machines = withMachines ? agentSettings(program, io, {}) : undefined;
  print(`Starting Reelcast (${cfg.databaseUrl ? 'PostgreSQL' : `embedded database in ${cfg.dataDir}`})…`);
  // The agent's origin is in the pages' connect-src from the start, before it reports its machines.
  const platform = await startPlatform(cfg, { logger: logger(io, cfg), connectUrls: machines ? [agentPublicUrl(machines)] : [] });
  let agent: RunningAgent | undefined;
  if (machines) {
    print('Starting the machine agent (emulated machines, game sockets, video)…');
    const settings = { ...machines, platformUrl: platform.url, serviceToken: platform.services.machineApiToken };
    agent = await startMachineAgent(agentConfig(settings, { logger: logger(io, cfg) }));
  }
  print(`\nReelcast is ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${platform.url}`);
  print(`  API docs:   ${platform.url}/docs`);
  if (agent) print(`  Machines:   ${agent.hosts.size} at ${agent.url}/machines/{id}`);
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
    await agent?.close();
    await platform.close();
  });
}

/** `reelcast machines`: an agent next to a running platform. */
export async function serveMachines(program: Command, io: CliIo, opts: { port?: number; ids?: string; cabinets?: string }): Promise<void> {
  const settings = agentSettings(program, io, opts.port !== undefined ? { port: opts.port } : {});
  const ids = opts.ids?.split(',').map((id) => Number(id.trim()));
  if (ids?.some((id) => !Number.isInteger(id) || id <= 0)) program.error('error: --ids takes machine ids like 1,2,3');
  let options;
  try {
    const cabinets = opts.cabinets ? readCabinetsFile(opts.cabinets).cabinets : undefined;
    options = agentConfig(settings, { logger: logger(io, settings), machineIds: ids, cabinets });
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
  const agent = await startMachineAgent(options);
  printLine(io, `Machine agent ready: ${agent.hosts.size} machines at ${agent.url}/machines/{id}. Press Ctrl+C to stop.`);
  stopOnSignals(io, () => agent.close());
}
