import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/architecture.md are lint rules; this proves the rules fire. Each probe is a
 * small file's text linted as if it lay where it would break (or keep) a boundary, with the
 * repository's own config (its type-aware rules off: see beforeAll); nothing is written into the tree,
 * where other test files running meanwhile would see it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const probes = {
  featureToFeature: [
    'apps/portal/src/features/lobby/zz-probe.ts',
    "import { GamePage } from '@/features/game/pages/game-page';\nexport const probe = GamePage;\n",
  ],
  featureToShared: [
    'apps/portal/src/features/lobby/zz-probe-allowed.ts',
    "import { formatMoney } from '@/shared/lib/format';\nexport const probe = formatMoney;\n",
  ],
  sharedToFeature: [
    'apps/portal/src/shared/lib/zz-probe.ts',
    "import { LobbyPage } from '@/features/lobby/pages/lobby-page';\nexport const probe = LobbyPage;\n",
  ],
  serviceToHttp: ['apps/platform/src/wallet/zz-probe.ts', "import { ApiError } from '../http/index.ts';\nexport const probe = ApiError;\n"],
  kernelToModule: [
    'apps/platform/src/http/zz-probe.ts',
    "import type { Ledger } from '../wallet/index.ts';\nexport type Probe = Ledger;\n",
  ],
  moduleToRoot: [
    'apps/platform/src/wallet/zz-probe-root.ts',
    "import type { Services } from '../services.ts';\nexport type Probe = Services;\n",
  ],
  pastIndex: [
    'apps/platform/src/promotions/zz-probe.ts',
    "import { PlayersService } from '../players/players-service.ts';\nexport const probe = PlayersService;\n",
  ],
  throughIndex: [
    'apps/platform/src/promotions/zz-probe-allowed.ts',
    "import { PlayersService } from '../players/index.ts';\nexport const probe = PlayersService;\n",
  ],
  foreignTable: [
    'apps/platform/src/history/zz-probe.ts',
    "import { slotSessions } from '../db/schema.ts';\nexport const probe = slotSessions;\n",
  ],
  ownTable: [
    'apps/platform/src/machines/zz-probe-allowed.ts',
    "import { slotSessions } from '../db/schema.ts';\nexport const probe = slotSessions;\n",
  ],
  appByPath: [
    'apps/platform/src/cli/zz-probe.ts',
    "import { startMachineAgent } from '../../../machine/src/agent/agent.ts';\nexport const probe = startMachineAgent;\n",
  ],
  engineToAgent: [
    'packages/engine/src/zz-probe.ts',
    "import { startMachineAgent } from '@reelcast/machine';\nexport const probe = startMachineAgent;\n",
  ],
  engineToAppByPath: [
    'packages/engine/src/zz-probe-by-path.ts',
    "import { MachineHost } from '../../../apps/machine/src/agent/machine-host.ts';\nexport const probe = MachineHost;\n",
  ],
  engineToProtocol: [
    'packages/engine/src/zz-probe-allowed.ts',
    "import { ActionCode } from '@reelcast/protocol';\nexport const probe = ActionCode;\n",
  ],
  videoToAgent: [
    'apps/machine/src/video/zz-probe.ts',
    "import { MachineHost } from '../agent/machine-host.ts';\nexport const probe = MachineHost;\n",
  ],
  agentToVideo: [
    'apps/machine/src/agent/zz-probe-allowed.ts',
    "import { findBand } from '../video/index.ts';\nexport const probe = findBand;\n",
  ],
} as const;
type Probe = keyof typeof probes;

let rulesOf: Record<Probe, string[]>;

beforeAll(async () => {
  // The repository's config without type information: the boundaries are import rules, and building
  // the TypeScript programs of every project for a dozen probes took most of a minute.
  const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, [file, code]]) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return [name, result ? result.messages.map((m) => m.ruleId ?? 'parse') : ['not linted']] as const;
    }),
  );
  rulesOf = Object.fromEntries(entries) as typeof rulesOf;
}, 180_000);

describe('the boundaries lint holds (docs/architecture.md)', () => {
  it('refuses a portal feature importing another feature, and shared code importing a feature', () => {
    expect(rulesOf.featureToFeature).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.sharedToFeature).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.featureToShared).toEqual([]);
  });

  it('refuses a platform service using http/ and an import past another module’s index.ts', () => {
    expect(rulesOf.serviceToHttp).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.pastIndex).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.throughIndex).toEqual([]);
  });

  it('refuses the HTTP kernel naming a module, and a module naming the composition root', () => {
    expect(rulesOf.kernelToModule).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.moduleToRoot).toEqual(['import-x/no-restricted-paths']);
  });

  it("refuses another module's table, and lets the owner import it", () => {
    expect(rulesOf.foreignTable).toEqual(['no-restricted-imports']);
    expect(rulesOf.ownTable).toEqual([]);
  });

  it('refuses the game engine importing an app, by package or by path, and video importing the agent', () => {
    expect(rulesOf.engineToAgent).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.engineToAppByPath).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.engineToProtocol).toEqual([]);
    expect(rulesOf.videoToAgent).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf.agentToVideo).toEqual([]);
  });

  it('refuses an app reaching into another app by path', () => {
    expect(rulesOf.appByPath).toEqual(['no-restricted-imports']);
  });
});
