// Test helper (not a test file): a pseudo-terminal pair made by Debian's socat, as docs/sas-test-link.md §2 says.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PtyPair {
  a: string;
  b: string;
  close(): Promise<void>;
}

/** Starts `socat` with two linked pseudo-terminals and resolves once it reports its transfer loop. */
export function startPtyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'sas-pty-'));
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  const child = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('starting data transfer loop')) resolve({ a, b, close });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`socat exited (${code}): ${log}`)));
  });
}
