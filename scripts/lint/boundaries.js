// @ts-check
// The import boundaries of the repository, as ESLint options (used by eslint.config.js).
// docs/architecture.md explains each rule.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'migrations')
    .map((entry) => entry.name);

// Portal: app → features → shared, and never feature → feature.
const portal = 'apps/portal/src';
const portalZones = [
  ...foldersIn(`${portal}/features`).map((feature) => ({
    target: `${portal}/features/${feature}`,
    from: `${portal}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to shared/.',
  })),
  { target: `${portal}/features`, from: `${portal}/app`, message: 'Features do not import the app; the app imports features.' },
  {
    target: `${portal}/shared`,
    from: [`${portal}/features`, `${portal}/app`],
    message: 'Shared code imports neither features nor the app.',
  },
];

// Platform: a folder per module; another module is reached only through its index.ts.
const platform = 'apps/platform/src';
const platformModules = foldersIn(platform);
const platformTopFiles = ['config.ts', 'platform.ts', 'services.ts'].map((file) => `${platform}/${file}`);
// What the HTTP kernel may import, and the programs on top that may import everything.
const kernelBelow = ['http', 'shared', 'db'];
const compositionRoot = ['server', 'cli'];
const platformZones = [
  ...platformModules.map((module) => ({
    target: [...platformModules.filter((other) => other !== module).map((other) => `${platform}/${other}`), ...platformTopFiles],
    from: `${platform}/${module}`,
    except: { http: ['./index.ts', './app.ts'], db: ['./index.ts', './schema.ts'] }[module] ?? ['./index.ts'],
    message: `Another module is reached through its index.ts only (${module}/index.ts).`,
  })),
  {
    // http/ is the kernel every module's routes lean on (errors, validation, sign-in guards, rate limits):
    // it names no module, so a module can be read, tested and moved with the kernel alone.
    target: `${platform}/http`,
    from: platformModules.filter((module) => !kernelBelow.includes(module)).map((module) => `${platform}/${module}`),
    message:
      'The HTTP kernel imports no module (only shared/ and db/): ask for what you need by its shape (http/context.ts Authenticator).',
  },
  {
    // server/ and the top files assemble the modules; a module that imported them would import every module.
    target: platformModules.filter((module) => !compositionRoot.includes(module)).map((module) => `${platform}/${module}`),
    from: [`${platform}/server`, `${platform}/platform.ts`, `${platform}/services.ts`],
    message: 'Modules do not import the composition root (server/, platform.ts, services.ts): take what you need in register(app, deps).',
  },
  {
    // Only the adapters of a domain speak HTTP: its routes and its socket. Services throw DomainError.
    target: `${root}/${platform}/!(http|server)/!(*-routes|*-socket).ts`,
    from: `${platform}/http`,
    message: 'Only routes (*-routes.ts) and sockets (*-socket.ts) use http/; a service throws DomainError (shared/domain-error.ts).',
  },
];

// Machine agent: the game engine (packages/engine) is pure and imports no app; the video process never
// reaches into the agent (the agent drives video through video/index.ts, never the other way).
const machine = 'apps/machine/src';
const machineZones = [
  { target: 'packages/engine/src', from: 'apps', message: 'The game engine is pure: it imports no app, only @reelcast/protocol.' },
  { target: `${machine}/video`, from: `${machine}/agent`, message: 'Video never imports the agent: the agent uses video/index.ts.' },
];

// Apps reach each other only through a package's exports, never by a relative path.
const appImports = [
  {
    group: ['**/apps/*/src/**', '../../../*/src/**', '../../*/src/**', '**/packages/*/src/**'],
    message: 'Import another app or package by its package name (@reelcast/…), through its exports.',
  },
];

// Each table is imported only by the module that owns it (docs/architecture.md "Tables").
const tableOwners = {
  auth: ['authSessions', 'attemptLimits'],
  audit: ['auditLog'],
  players: ['players'],
  account: ['playerSettings'],
  wallet: ['accounts', 'transfers', 'ledgerEntries'],
  machines: ['brands', 'machines', 'machineTransfers', 'slotSessions', 'handPays'],
  promotions: ['promotionClaims', 'weeklyBonusWagers', 'weeklyBonusPayouts'],
  chat: ['chats', 'chatMessages', 'chatReads', 'chatPresence', 'presenceConnections'],
  'quick-panel': ['operatorEvents', 'playerNotes'],
  jackpots: ['jackpotMeters', 'machinePlayCounters', 'jackpotHits'],
  'self-service': ['mailTokens', 'MailTokenKind', 'PendingRegistration'],
  protection: ['protectionLimits', 'protectionExclusions'],
  console: ['moneyRequests'],
};
const tableOwnership = platformModules
  .filter((module) => module !== 'db')
  .map((module) => ({
    files: [`${platform}/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appImports,
            {
              group: ['**/db/schema.ts'],
              ...(module in tableOwners ? { allowImportNames: tableOwners[module] } : {}),
              message: `A table is imported only by the module that owns it; ${module}/ owns ${(tableOwners[module] ?? []).join(', ') || 'none'}.`,
            },
          ],
        },
      ],
    },
  }));

export const boundaries = { zones: [...portalZones, ...platformZones, ...machineZones], appImports, tableOwnership };
