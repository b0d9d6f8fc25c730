import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface PtyPair {
  /** Give this end to one program (the simulator)... */
  a: string;
  /** ...and this one to the other (the host). */
  b: string;
  close(): Promise<void>;
}

/**
 * A connected pair of pseudo-terminals made by Debian's socat (docs/sas-test-link.md §2), as two symbolic links in
 * `dir` (a new temporary folder by default, removed on close). Resolves once socat reports its transfer loop started, which it does
 * after both links exist.
 */
export async function createPtyPair(dir?: string, nameA = 'a', nameB = 'b'): Promise<PtyPair> {
  const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'egm-pty-'));
  const a = path.join(folder, nameA);
  const b = path.join(folder, nameB);
  const socat = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => socat.once('exit', () => resolve()));
  const errorLines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    socat.once('error', reject);
    socat.once('exit', (code) => reject(new Error(`socat exited (${code}): ${errorLines.join(' | ')}`)));
    readline.createInterface({ input: socat.stderr }).on('line', (line) => {
      errorLines.push(line);
      if (line.includes('starting data transfer loop')) resolve();
    });
  });
  return {
    a,
    b,
    close: async () => {
      if (socat.exitCode === null && socat.signalCode === null) socat.kill('SIGTERM');
      await exited;
      if (dir === undefined) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
