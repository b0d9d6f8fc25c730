import { portArgument, type ServerCommands } from '@reelcast/platform/cli';

/**
 * `reelcast start` and `reelcast machines`: the commands that run the machine agent. machines-server.ts
 * loads the agent and the platform when one of them runs, so `--help` loads neither.
 */
export const machineCommands: ServerCommands = (program, io, config) => {
  const servers = () => import('./machines-server.ts');

  program
    .command('start')
    .description('start everything in one process: platform, portal and the emulated machines')
    .option('-p, --port <port>', 'HTTP port [PORT]', portArgument)
    .action(async (opts: { port?: number }) =>
      (await servers()).serveWithMachines(program, io, await config(opts.port !== undefined ? { port: opts.port } : {})),
    );

  program
    .command('machines')
    .description('start a machine agent only: emulated or real (--cabinets) machines next to a running platform [PLATFORM_URL]')
    .option('-p, --port <port>', 'agent port [MACHINE_PORT]', portArgument)
    .option('--ids <ids>', 'comma-separated machine ids to host (default: all, or those the cabinets file names)')
    .option('--cabinets <file>', "the cabinets file: each machine's cabinet, emulated or SAS, with its settings (docs/cabinets.md)")
    .action(async (opts: { port?: number; ids?: string; cabinets?: string }) => (await servers()).serveMachines(program, io, opts));
};
