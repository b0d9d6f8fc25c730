/**
 * Where a CLI command reads and writes: the process's own streams and environment when an operator
 * runs `reelcast`, captured ones when a test runs a command in its own process (@reelcast/testing).
 */
export interface CliIo {
  stdout: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean };
  stderr: Pick<NodeJS.WriteStream, 'write'>;
  /** Read by `player set-pin` when the PIN is not given: a terminal (asked without echo) or a pipe. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  env: NodeJS.ProcessEnv;
}

export const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };

/** A line on standard output. */
export const printLine = (io: CliIo, line: string) => void io.stdout.write(`${line}\n`);

/** A line on standard error. */
export const warnLine = (io: CliIo, line: string) => void io.stderr.write(`${line}\n`);
