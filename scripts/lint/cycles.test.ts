import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles } from './cycles.js';

/**
 * The cycle step of npm run lint (scripts/lint/cycles.js) proven on small folders written for the
 * purpose: one whose only cycle is made of `import type`, which ESLint's import-x/no-cycle lets pass,
 * and the same files with the cycle broken.
 */
let dir: string;
const write = (file: string, code: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), code);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-cycles-'));
  // kernel → wallet by type only, wallet → kernel by value: a cycle in the source, none in the JavaScript.
  write(
    'typed/kernel.ts',
    "import type { Ledger } from './wallet.ts';\nexport interface Context { ledger: Ledger }\nexport const zod = 1;\n",
  );
  write('typed/wallet.ts', "import { zod } from './kernel.ts';\nexport class Ledger { n = zod; }\n");
  // The same two files with the kernel asking for what it needs instead of naming the module.
  write('one-way/kernel.ts', 'export interface Context { ledger: { balance(): number } }\nexport const zod = 1;\n');
  write('one-way/wallet.ts', "import { zod } from './kernel.ts';\nexport class Ledger { n = zod; }\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the import cycle check (npm run lint)', () => {
  it('fails on a cycle made only of a type import', async () => {
    const cycles = await importCycles(['typed'], { baseDir: dir, aliases: {} });
    expect(cycles).toEqual([{ from: 'typed/kernel.ts', to: 'typed/wallet.ts', cycle: ['typed/wallet.ts', 'typed/kernel.ts'] }]);
  });

  it('passes when the imports run one way', async () => {
    expect(await importCycles(['one-way'], { baseDir: dir, aliases: {} })).toEqual([]);
  });
});
