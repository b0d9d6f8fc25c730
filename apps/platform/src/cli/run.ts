import { CommanderError } from 'commander';
import { warnLine, type CliIo } from './io.ts';
import { createProgram, type ServerCommands } from './program.ts';

/**
 * Runs `reelcast …args` (without the node and script paths) and resolves with its exit code: 0, the
 * code of a usage error (commander printed it), or 1 for a failed command with its message on stderr.
 * A server command resolves once it is serving; it stops on a signal (serve.ts). `serverCommands`: see
 * createProgram.
 */
export async function runCli(args: readonly string[], io: CliIo, serverCommands?: ServerCommands): Promise<number> {
  try {
    await createProgram(io, serverCommands).parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const { describeError } = await import('./describe-error.ts');
    warnLine(io, `reelcast: ${describeError(error)}`);
    return 1;
  }
}
