import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { undeclaredImports } from './declared-dependencies.js';

/** A repository of its own: two workspaces, files that import what their package.json does and does not declare. */
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'declared-dependencies-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  fs.writeFileSync(path.join(fixture, file), text);
};
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

write('package.json', JSON.stringify({ name: 'root', devDependencies: { '@reelcast/protocol': '*' } }));
write('apps/one/package.json', JSON.stringify({ name: '@reelcast/one', dependencies: { '@reelcast/protocol': '*' } }));
write('apps/one/src/declared.ts', "import { x } from '@reelcast/protocol/server';\nimport { y } from '@reelcast/one';\n");
write('apps/one/src/undeclared.ts', "import type { Z } from '@reelcast/two';\nexport const z = () => import('@reelcast/three/sub');\n");
write('apps/one/src/re-export.ts', "export { w } from '@reelcast/four';\n");
write('apps/one/src/only-a-string.ts', 'export const probe = "import { a } from \'@reelcast/five\';";\n');
write('e2e/journey.ts', "import { p } from '@reelcast/protocol';\nimport { q } from '@reelcast/one';\n");

describe('every @reelcast/* import is declared by the importing workspace', () => {
  it('names each undeclared import (static, type-only, dynamic, re-export) with its file, and nothing declared or in a string', () => {
    expect(undeclaredImports(fixture).sort()).toEqual([
      'apps/one/src/re-export.ts: @reelcast/four',
      'apps/one/src/undeclared.ts: @reelcast/three',
      'apps/one/src/undeclared.ts: @reelcast/two',
      'e2e/journey.ts: @reelcast/one',
    ]);
  });

  it('holds for this repository', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    expect(undeclaredImports(root)).toEqual([]);
  });
});
