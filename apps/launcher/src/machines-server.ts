import type { Command } from 'commander';
import { agentConfig, agentPublicUrl, loadAgentSettings, readCabinetsFile, startMachineAgent, type AgentSettings } from '@reelcast/machine';
import type { Config } from '@reelcast/platform';
import { printLine, type CliIo } from '@reelcast/platform/cli';
import { logger, serve, stopOnSignals } from '@reelcast/platform/cli/serve';

/** The agent's settings from the environment, or the CLI's error naming the variable. */
function agentSettings(program: Command, io: CliIo, overrides: Partial<AgentSettings>): AgentSettings {
  const globals = program.opts<{ dataDir?: string }>();
  try {
    return loadAgentSettings({ ...(globals.dataDir ? { dataDir: globals.dataDir } : {}), ...overrides }, io.env);
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
}

/** `reelcast start`: the platform with a machine agent of emulated machines beside it, in one process. */
export async function serveWithMachines(program: Command, io: CliIo, cfg: Config): Promise<void> {
  // Read before anything starts, so a wrong MACHINE_* variable stops `reelcast start` at once.
  const machines = agentSettings(program, io, {});
  await serve(io, cfg, {
    // The agent's origin is in the pages' connect-src from the start, before it reports its machines.
    connectUrls: [agentPublicUrl(machines)],
    start: async (platform) => {
      printLine(io, 'Starting the machine agent (emulated machines, game sockets, video)…');
      const settings = { ...machines, platformUrl: platform.url, serviceToken: platform.services.machineApiToken };
      const agent = await startMachineAgent(agentConfig(settings, { logger: logger(io, cfg) }));
      return { readyLines: [`  Machines:   ${agent.hosts.size} at ${agent.url}/machines/{id}`], close: () => agent.close() };
    },
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
