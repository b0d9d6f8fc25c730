import path from 'node:path';
import type { Command } from 'commander';
import {
  agentConfig,
  agentPublicUrl,
  loadAgentSettings,
  readCabinetsFile,
  startMachineAgent,
  type AgentSettings,
  type CabinetEntry,
} from '@reelcast/machine';
import type { Config } from '@reelcast/platform';
import { printLine, type CliIo } from '@reelcast/platform/cli';
import { logger, serve, stopOnSignals } from '@reelcast/platform/cli/serve';
import { startSimulatedCabinets, type SimulatedCabinets } from './simulated-cabinets.ts';

/** The agent's settings from the environment, or the CLI's error naming the variable. */
function agentSettings(program: Command, io: CliIo, overrides: Partial<AgentSettings>): AgentSettings {
  const globals = program.opts<{ dataDir?: string }>();
  try {
    return loadAgentSettings({ ...(globals.dataDir ? { dataDir: globals.dataDir } : {}), ...overrides }, io.env);
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
}

/** The cabinets file, or the CLI's error naming the file and the field. */
function cabinetsFile(program: Command, file: string | undefined) {
  try {
    return file ? readCabinetsFile(file).cabinets : undefined;
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
}

/** The simulators a cabinets file's `simulated` entries ask for, started (docs/cabinets.md "Simulated cabinets"). */
async function simulated(
  io: CliIo,
  entries: ReturnType<typeof cabinetsFile>,
  settings: AgentSettings,
): Promise<SimulatedCabinets | undefined> {
  if (!entries?.some((entry) => entry.kind === 'simulated')) return undefined;
  printLine(io, 'Starting the SAS machine simulators (tools/egm-sim) of the simulated cabinets: a demonstration, no real machine…');
  return startSimulatedCabinets(entries, path.resolve(settings.dataDir, 'simulators'));
}

/** `reelcast start`: the platform with a machine agent beside it (emulated machines, or the cabinets file's), in one process. */
export async function serveWithMachines(program: Command, io: CliIo, cfg: Config, opts: { cabinets?: string } = {}): Promise<void> {
  // Read before anything starts, so a wrong MACHINE_* variable or cabinets file stops `reelcast start` at once.
  const machines = agentSettings(program, io, {});
  const entries = cabinetsFile(program, opts.cabinets);
  await serve(io, cfg, {
    // The agent's origin is in the pages' connect-src from the start, before it reports its machines.
    connectUrls: [agentPublicUrl(machines)],
    start: async (platform) => {
      const simulators = await simulated(io, entries, machines);
      printLine(io, `Starting the machine agent (${entries ? 'the cabinets file' : 'emulated machines'}, game sockets, video)…`);
      const settings = { ...machines, platformUrl: platform.url, serviceToken: platform.services.machineApiToken };
      const cabinets = simulators?.cabinets ?? (entries as CabinetEntry[] | undefined);
      const agent = await startMachineAgent(agentConfig(settings, { logger: logger(io, cfg), cabinets })).catch(async (error) => {
        await simulators?.close();
        throw error;
      });
      return {
        readyLines: [`  Machines:   ${agent.hosts.size} at ${agent.url}/machines/{id}`, ...(simulators?.lines ?? [])],
        close: async () => {
          await agent.close();
          await simulators?.close();
        },
      };
    },
  });
}

/** `reelcast machines`: an agent next to a running platform. */
export async function serveMachines(program: Command, io: CliIo, opts: { port?: number; ids?: string; cabinets?: string }): Promise<void> {
  const settings = agentSettings(program, io, opts.port !== undefined ? { port: opts.port } : {});
  const ids = opts.ids?.split(',').map((id) => Number(id.trim()));
  if (ids?.some((id) => !Number.isInteger(id) || id <= 0)) program.error('error: --ids takes machine ids like 1,2,3');
  const entries = cabinetsFile(program, opts.cabinets);
  let options;
  try {
    options = agentConfig(settings, { logger: logger(io, settings), machineIds: ids });
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
  const simulators = await simulated(io, entries, settings);
  const cabinets = simulators?.cabinets ?? (entries as CabinetEntry[] | undefined);
  const agent = await startMachineAgent({ ...options, cabinets }).catch(async (error) => {
    await simulators?.close();
    throw error;
  });
  printLine(io, `Machine agent ready: ${agent.hosts.size} machines at ${agent.url}/machines/{id}. Press Ctrl+C to stop.`);
  for (const line of simulators?.lines ?? []) printLine(io, line);
  stopOnSignals(io, async () => {
    await agent.close();
    await simulators?.close();
  });
}
