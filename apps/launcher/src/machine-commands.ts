import { portArgument, type ServerCommands } from '@reelcast/platform/cli';

const CABINETS_HELP = "the cabinets file: each machine's cabinet, emulated, SAS or simulated, with its settings (docs/cabinets.md)";
const SIMULATED_HELP = `
A demonstration of the real-cabinet path without hardware: examples/cabinets.simulated.json names
simulated cabinets, each a SAS machine simulator (tools/egm-sim) started for you on its own
pseudo-terminals, its screen the machine's picture:
  reelcast start --cabinets examples/cabinets.simulated.json     (npm run start:simulated)`;

/**
 * `reelcast start` and `reelcast machines`: the commands that run the machine agent. machines-server.ts
 * loads the agent and the platform when one of them runs, so `--help` loads neither.
 */
export const machineCommands: ServerCommands = (program, io, config) => {
  const servers = () => import('./machines-server.ts');

  program
    .command('start')
    .description("start everything in one process: platform, portal and the emulated machines (or the cabinets file's)")
    .option('-p, --port <port>', 'HTTP port [PORT]', portArgument)
    .option('--cabinets <file>', CABINETS_HELP)
    .addHelpText('after', SIMULATED_HELP)
    .action(async (opts: { port?: number; cabinets?: string }) =>
      (await servers()).serveWithMachines(program, io, await config(opts.port !== undefined ? { port: opts.port } : {}), opts),
    );

  program
    .command('machines')
    .description('start a machine agent only: emulated or real (--cabinets) machines next to a running platform [PLATFORM_URL]')
    .option('-p, --port <port>', 'agent port [MACHINE_PORT]', portArgument)
    .option('--ids <ids>', 'comma-separated machine ids to host (default: all, or those the cabinets file names)')
    .option('--cabinets <file>', CABINETS_HELP)
    .addHelpText('after', SIMULATED_HELP)
    .action(async (opts: { port?: number; ids?: string; cabinets?: string }) => (await servers()).serveMachines(program, io, opts));
};
