import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { DrizzleQueryError } from 'drizzle-orm';
import { formatMinor } from '@reelcast/protocol';
import { loadConfig, type Config } from '../config.ts';
import { generateKeysFolder } from '../auth/index.ts';
import { startPlatform } from '../platform.ts';
import type { Services } from '../services.ts';
import { seedDemoData, demoPlayers, demoStaff } from '../seed/index.ts';
import { walletAccount } from '../wallet/index.ts';
import { parseAmount } from './amount.ts';
import { registerJackpotCommands } from './jackpot-commands.ts';
import { pinArgument, registerPinCommands } from './pin-commands.ts';
import { withPushes } from './pushes.ts';
import { DomainError } from '../shared/index.ts';
import {
  agentConfig,
  agentPublicUrl,
  loadAgentSettings,
  readCabinetsFile,
  startMachineAgent,
  type AgentSettings,
  type RunningAgent,
} from '@reelcast/machine';

const program = new Command('reelcast')
  .description('Reelcast: play real slot machines remotely.\nConfiguration comes from the environment (docs/configuration.md).')
  .showHelpAfterError('(add --help for usage)')
  .option('--data-dir <dir>', 'data folder (embedded database, keys, Settings.json) [DATA_DIR]')
  .option('--database-url <url>', 'PostgreSQL instead of the embedded database [DATABASE_URL]');

function config(extra: Partial<Config> = {}): Config {
  const globals = program.opts<{ dataDir?: string; databaseUrl?: string }>();
  return loadConfig({
    ...(globals.dataDir ? { dataDir: globals.dataDir } : {}),
    ...(globals.databaseUrl ? { databaseUrl: globals.databaseUrl } : {}),
    ...extra,
  });
}

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return n;
};

/** An ISO date (midnight UTC) or date-time with an offset, as `--until` takes it. */
const isoTime = (value: string) => {
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? new Date(value) : null;
  // new Date() rolls 2025-02-30 over to March: the day must exist as written.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const written = new Date(Date.UTC(year, month - 1, day));
  if (!time || Number.isNaN(time.getTime()) || written.getUTCMonth() !== month - 1 || written.getUTCDate() !== day) {
    throw new InvalidArgumentError('an ISO date (2025-06-30) or a date-time with its offset (2025-06-30T18:00+03:00)');
  }
  return time;
};

function logger(cfg: Pick<Config, 'logLevel'>): object {
  return process.stdout.isTTY
    ? { level: cfg.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level: cfg.logLevel };
}

/** The agent's settings from the environment, or the CLI's error naming the variable. */
function agentSettings(overrides: Partial<AgentSettings>): AgentSettings {
  const globals = program.opts<{ dataDir?: string }>();
  try {
    return loadAgentSettings({ ...(globals.dataDir ? { dataDir: globals.dataDir } : {}), ...overrides });
  } catch (error) {
    return program.error(`error: ${(error as Error).message}`);
  }
}

async function serve(cfg: Config, withMachines: boolean): Promise<void> {
  const started = Date.now();
  // Read before anything starts, so a wrong MACHINE_* variable stops `reelcast start` at once.
  const machines = withMachines ? agentSettings({}) : undefined;
  console.log(`Starting Reelcast (${cfg.databaseUrl ? 'PostgreSQL' : `embedded database in ${cfg.dataDir}`})…`);
  // The agent's origin is in the pages' connect-src from the start, before it reports its machines.
  const platform = await startPlatform(cfg, { logger: logger(cfg), connectUrls: machines ? [agentPublicUrl(machines)] : [] });
  let agent: RunningAgent | undefined;
  if (machines) {
    console.log('Starting the machine agent (emulated machines, game sockets, video)…');
    const settings = { ...machines, platformUrl: platform.url, serviceToken: platform.services.machineApiToken };
    agent = await startMachineAgent(agentConfig(settings, { logger: logger(cfg) }));
  }
  console.log(`\nReelcast is ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${platform.url}`);
  console.log(`  API docs:   ${platform.url}/docs`);
  if (agent) console.log(`  Machines:   ${agent.hosts.size} at ${agent.url}/machines/{id}`);
  console.log(`  Settings:   ${platform.services.settings.path}`);
  if (cfg.seed) {
    console.log(`  Demo login: ${demoPlayers.map((p) => `${p.username} / ${p.password}`).join(', ')}`);
    console.log(`  Team login: ${demoStaff.map((p) => `${p.username} / ${p.password} (${p.role})`).join(', ')}`);
  }
  console.log('Press Ctrl+C to stop.');
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: stop now, whatever is still in flight.
      console.log(`${signal} again: stopping at once.`);
      process.exit(1);
    }
    stopping = true;
    // Draining: /readyz answers 503 (the load balancer stops sending here) while everything still serves;
    // then no new connections, sockets told to reconnect elsewhere, requests in flight finished.
    console.log(`\n${signal}: draining for ${cfg.drainSeconds} s (readyz answers 503), then stopping…`);
    try {
      await platform.drain(cfg.drainSeconds);
      await agent?.close();
      await platform.close();
    } catch (error) {
      console.error(`reelcast: stopping failed: ${describeError(error)}`);
      process.exit(1);
    }
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

program
  .command('start')
  .description('start everything in one process: platform, portal and the emulated machines')
  .option('-p, --port <port>', 'HTTP port [PORT]', port)
  .action(async (opts: { port?: number }) => serve(config(opts.port !== undefined ? { port: opts.port } : {}), true));

program
  .command('platform')
  .description('start the platform only: REST API, portal and notification socket')
  .option('-p, --port <port>', 'HTTP port [PORT]', port)
  .action(async (opts: { port?: number }) => serve(config(opts.port !== undefined ? { port: opts.port } : {}), false));

program
  .command('machines')
  .description('start a machine agent only: emulated or real (--cabinets) machines next to a running platform [PLATFORM_URL]')
  .option('-p, --port <port>', 'agent port [MACHINE_PORT]', port)
  .option('--ids <ids>', 'comma-separated machine ids to host (default: all, or those the cabinets file names)')
  .option('--cabinets <file>', "the cabinets file: each machine's cabinet, emulated or SAS, with its settings (docs/cabinets.md)")
  .action(async (opts: { port?: number; ids?: string; cabinets?: string }) => {
    const settings = agentSettings(opts.port !== undefined ? { port: opts.port } : {});
    const ids = opts.ids?.split(',').map((id) => Number(id.trim()));
    if (ids?.some((id) => !Number.isInteger(id) || id <= 0)) program.error('error: --ids takes machine ids like 1,2,3');
    let options;
    try {
      const cabinets = opts.cabinets ? readCabinetsFile(opts.cabinets).cabinets : undefined;
      options = agentConfig(settings, { logger: logger(settings), machineIds: ids, cabinets });
    } catch (error) {
      return program.error(`error: ${(error as Error).message}`);
    }
    const agent = await startMachineAgent(options);
    console.log(`Machine agent ready: ${agent.hosts.size} machines at ${agent.url}/machines/{id}. Press Ctrl+C to stop.`);
    const stop = async () => {
      await agent.close();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
  });

/**
 * Runs `work` on the configured database (see withServices in platform.ts); what it changes is pushed to
 * running platform instances through Redis, or a warning says they were not told (cli/pushes.ts).
 */
const withServices = <T>(work: (services: Services) => T | Promise<T>): Promise<T> =>
  withPushes(config(), (services) => {
    services.agents.log = (message) => console.warn(`reelcast: ${message}`);
    return work(services);
  });

program
  .command('migrate')
  .description('create or update the database schema')
  .action(() =>
    withServices((s) => {
      console.log(`Database schema is up to date (${s.database.kind}).`);
    }),
  );

program
  .command('seed')
  .description('add the demo players, the admin and staff accounts, brands and machines (safe to run again)')
  .action(() =>
    withServices(async (s) => {
      // Under the migrations' lock, as a starting instance seeds: never two seeds at once.
      const report = await s.database.exclusive(() => seedDemoData(s.machines, s.players, s.ledger));
      console.log(
        `Seeded: ${report.playersCreated.length} accounts (${report.playersCreated.join(', ') || 'none new'}), ` +
          `${report.brandsCreated} brands, ${report.machinesCreated} machines.`,
      );
    }),
  );

program
  .command('keys')
  .description('the token signing keys and the machine token that every instance on PostgreSQL reads from KEYS_DIR')
  .command('generate')
  .description('write a new keys folder: jwt-ed25519.json (signing key pair) and machine-api-token, mode 0600')
  .requiredOption('--out <dir>', 'the folder to write (created; existing keys there are never overwritten)')
  .action((opts: { out: string }) => {
    const written = generateKeysFolder(path.resolve(opts.out));
    console.log(`Wrote ${written.signingKeysFile} and ${written.machineTokenFile}.`);
    console.log(
      `Give every platform instance a copy and set KEYS_DIR=${path.resolve(opts.out)}; the machine agents get ` +
        `MACHINE_API_TOKEN (the content of ${path.basename(written.machineTokenFile)}).`,
    );
  });

const player = program.command('player').description('manage players');

player
  .command('create <username>')
  .description('create a player with a wallet')
  .requiredOption('--password <password>', 'at least 4 characters')
  .option('--email <email>', 'defaults to <username>@players.local')
  .option('--name <name>', 'first name', '')
  .option('--lastname <lastname>', 'last name', '')
  .option('--pin <pin>', 'PIN for the idle lock, 4 to 8 digits (only a salted hash of it is stored)', pinArgument)
  .action((username: string, opts: { password: string; email?: string; name: string; lastname: string; pin?: string }) =>
    withServices(async (s) => {
      const created = await s.players.create({
        username,
        email: opts.email ?? `${username}@players.local`,
        password: opts.password,
        name: opts.name,
        lastname: opts.lastname,
        pin: opts.pin ?? null,
      });
      console.log(`Created player ${created.username} (id ${created.id}).`);
    }),
  );

program
  .command('staff')
  .description("manage the operator's team (SPEC §6 roles)")
  .command('create <username>')
  .description('create an admin or staff account (it signs in like a player, with the role in its token)')
  .addOption(new Option('--role <role>', 'the role').choices(['admin', 'staff']).makeOptionMandatory())
  .requiredOption('--password <password>', 'at least 4 characters')
  .option('--email <email>', 'defaults to <username>@staff.local')
  .option('--name <name>', 'first name', '')
  .option('--lastname <lastname>', 'last name', '')
  .action((username: string, opts: { role: 'admin' | 'staff'; password: string; email?: string; name: string; lastname: string }) =>
    withServices(async (s) => {
      const created = await s.players.create({
        username,
        email: opts.email ?? `${username}@staff.local`,
        password: opts.password,
        name: opts.name,
        lastname: opts.lastname,
        role: opts.role,
      });
      console.log(`Created ${created.role} ${created.username} (id ${created.id}).`);
    }),
  );

function moneyCommand(name: 'deposit' | 'withdraw') {
  player
    .command(`${name} <username> <amount>`)
    .description(`${name} money (in currency units, e.g. 250 or 99.50) ${name === 'deposit' ? 'into' : 'from'} a wallet`)
    .option('--key <idempotencyKey>', 'idempotency key: repeat the command with the same key and it happens once')
    .action((username: string, amountText: string, opts: { key?: string }) => {
      let amount: number;
      try {
        amount = parseAmount(amountText);
      } catch (error) {
        program.error(`error: ${(error as Error).message}`);
      }
      return withServices(async (s) => {
        const target = await s.players.require(username);
        const wallet = walletAccount(target.id);
        const result = await s.ledger[name]({
          playerId: target.id,
          idempotencyKey: opts.key ?? `cli:${name}:${randomUUID()}`,
          amount,
          memo: `cli ${name}`,
        });
        const verb = name === 'deposit' ? 'Deposited' : 'Withdrew';
        const again = result.replayed ? ' (already done earlier with this key; nothing changed)' : '';
        console.log(`${verb} ${formatMinor(amount)} for ${target.username}${again}. Balance: ${formatMinor(result.balances[wallet]!)}.`);
      });
    });
}
moneyCommand('deposit');
moneyCommand('withdraw');

player
  .command('ban <username>')
  .description('ban a player: signing in answers 10704, their tokens stop working and their seats are cashed out')
  .option('--reason <reason>', 'why (kept with the player)', '')
  .option('--lift', 'lift the ban instead')
  .action((username: string, opts: { reason: string; lift?: boolean }) =>
    withServices(async (s) => {
      if (opts.lift) {
        await s.players.unban(username);
        console.log(`Lifted the ban on ${username}.`);
      } else {
        await s.players.ban(username, opts.reason, new Date());
        console.log(`Banned ${username}.`);
      }
    }),
  );

player
  .command('unlock <username>')
  .description('clear a login block after too many wrong passwords')
  .action((username: string) =>
    withServices(async (s) => {
      await s.auth.unlock(username);
      console.log(`Unlocked ${username}.`);
    }),
  );

registerPinCommands(player, withServices);

player
  .command('allow-ip <username> [ips...]')
  .description('accept logins of a player only from these IPs (none: from anywhere)')
  .action((username: string, ips: string[]) =>
    withServices(async (s) => {
      await s.players.setAllowedIps(username, ips);
      console.log(ips.length ? `${username} may sign in from ${ips.join(', ')} only.` : `${username} may sign in from anywhere.`);
    }),
  );

const ledger = program.command('ledger').description('the wallet ledger');
ledger
  .command('verify')
  .description('recompute every balance from the ledger entries; exits 1 on any difference')
  .action(() =>
    withServices(async (s) => {
      const report = await s.ledger.verify();
      console.log(`Checked ${report.accounts} accounts and ${report.transfers} transfers; sum of all balances: ${report.total}.`);
      for (const d of report.differences) console.log(`  DIFFERENCE ${d.account}: balance ${d.cached}, entries say ${d.fromEntries}`);
      for (const t of report.unbalancedTransfers) console.log(`  UNBALANCED transfer ${t}`);
      if (report.differences.length || report.unbalancedTransfers.length || report.total !== '0') {
        console.log('The ledger does NOT reconcile.');
        process.exitCode = 1;
      } else {
        console.log('The ledger reconciles.');
      }
    }),
  );

const event = program
  .command('event')
  .description("the quick panel's events: the operator's announcements to every player (docs/quick-panel.md)");
event
  .command('add')
  .description('publish an event now: every signed-in player sees it in the quick panel until it expires or is removed')
  .requiredOption('--title <title>', 'one line, at most 100 characters')
  .option('--detail <detail>', 'the text under the title, at most 2000 characters', '')
  .option(
    '--until <date>',
    'stop showing it then: an ISO date (2025-06-30, midnight UTC) or date-time with offset (2025-06-30T18:00+03:00)',
    isoTime,
  )
  .action((opts: { title: string; detail: string; until?: Date }) =>
    withServices(async (s) => {
      const added = await s.quickPanel.addEvent({ title: opts.title, detail: opts.detail, until: opts.until ?? null });
      console.log(`Published event ${added.id}: ${added.title}${added.expiresAt ? ` (until ${added.expiresAt.toISOString()})` : ''}.`);
    }),
  );
event
  .command('list')
  .description('every event, newest first, with whether players see it now')
  .action(() =>
    withServices(async (s) => {
      const events = await s.quickPanel.allEvents();
      if (!events.length) console.log('No events.');
      const now = new Date();
      for (const e of events) {
        const shown = e.publishedAt <= now && (!e.expiresAt || e.expiresAt > now) ? 'showing' : 'expired';
        const until = e.expiresAt ? e.expiresAt.toISOString() : 'no end';
        console.log(`${String(e.id).padStart(5)}  ${e.publishedAt.toISOString()}  until ${until}  ${shown.padEnd(7)}  ${e.title}`);
      }
    }),
  );
event
  .command('remove <id>')
  .description('remove an event: players stop seeing it')
  .action((idText: string) => {
    const id = Number(idText);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      program.error('error: <id> is an event id, as `reelcast event list` shows it');
    return withServices(async (s) => {
      await s.quickPanel.removeEvent(id);
      console.log(`Removed event ${id}.`);
    });
  });

registerJackpotCommands(program, withServices);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  console.error(`reelcast: ${describeError(error)}`);
  process.exit(1);
}

/**
 * The message of an error, fit for a terminal or a log: a failed query names the database's reason,
 * never the query's parameters (they may hold a password hash or a PIN verifier).
 */
function describeError(error: unknown): string {
  if (error instanceof DomainError) return `${error.message} (code ${error.code})`;
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { message?: string; detail?: string } | undefined;
    return `a database query failed: ${cause?.message ?? 'no reason given'}${cause?.detail ? ` (${cause.detail})` : ''}`;
  }
  return (error as Error).message;
}
