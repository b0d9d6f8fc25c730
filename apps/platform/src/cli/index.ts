/**
 * The `reelcast` CLI, as the launcher (apps/launcher) runs it with its own server commands. What serves
 * (`@reelcast/platform/cli/serve`) is apart, so `--help` or a usage error loads no server.
 */
export { processIo, printLine, warnLine, type CliIo } from './io.ts';
export { portArgument, type LoadCommandConfig, type ServerCommands } from './program.ts';
export { runCli } from './run.ts';
