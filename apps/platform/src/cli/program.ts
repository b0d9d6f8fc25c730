import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { formatMinor } from '@reelcast/protocol';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { parseAmount } from './amount.ts';
import { printLine, warnLine, type CliIo } from './io.ts';
import { registerJackpotCommands } from './jackpot-commands.ts';
import { pinArgument, registerPinCommands } from './pin-commands.ts';

/** A `--port` value. */
export const portArgument = (value: string) => {
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

/** The configuration of a command: the environment, the global options, then `extra`. */
export type LoadCommandConfig = (extra?: Partial<Config>) => Promise<Config>;

/**
 * Server commands another program declares on `reelcast`, listed after `platform`: the launcher's `start`
 * and `machines` (apps/launcher), which run the machine agent the platform does not depend on.
 */
export type ServerCommands = (program: Command, io: CliIo, config: LoadCommandConfig) => void;

/**
 * The `reelcast` commands, reading and writing through `io`. Declaring them loads no more than commander
 * and the protocol: each command loads the modules it runs (the platform's services) when it runs, so
 * `reelcast --help` or a usage error answers at once. Errors are thrown as commander's (see run.ts),
 * never `process.exit`.
 */
export function createProgram(io: CliIo, serverCommands?: ServerCommands): Command {
  const print = (line: string) => printLine(io, line);
  const program = new Command('reelcast')
    .description('Reelcast: play real slot machines remotely.\nConfiguration comes from the environment (docs/configuration.md).')
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .option('--data-dir <dir>', 'data folder (embedded database, keys, Settings.json) [DATA_DIR]')
    .option('--database-url <url>', 'PostgreSQL instead of the embedded database [DATABASE_URL]');

  const config: LoadCommandConfig = async (extra = {}) => {
    const { loadConfig } = await import('../config.ts');
    const globals = program.opts<{ dataDir?: string; databaseUrl?: string }>();
    return loadConfig(
      {
        ...(globals.dataDir ? { dataDir: globals.dataDir } : {}),
        ...(globals.databaseUrl ? { databaseUrl: globals.databaseUrl } : {}),
        ...extra,
      },
      io.env,
    );
  };

  program
    .command('platform')
    .description('start the platform only: REST API, portal and notification socket')
    .option('-p, --port <port>', 'HTTP port [PORT]', portArgument)
    .action(async (opts: { port?: number }) => {
      // serve.ts loads the platform: only a server command needs it.
      const { serve } = await import('./serve.ts');
      await serve(io, await config(opts.port !== undefined ? { port: opts.port } : {}));
    });
  serverCommands?.(program, io, config);

  /**
   * Runs `work` on the configured database (see withServices in platform.ts); what it changes is pushed to
   * running platform instances through Redis, or a warning says they were not told (cli/pushes.ts).
   */
  const withServices = async <T>(work: (services: Services) => T | Promise<T>): Promise<T> => {
    const { withPushes } = await import('./pushes.ts');
    const warn = (message: string) => warnLine(io, `reelcast: ${message}`);
    return withPushes(await config(), warn, work);
  };

  program
    .command('migrate')
    .description('create or update the database schema')
    .action(() =>
      withServices((s) => {
        print(`Database schema is up to date (${s.database.kind}).`);
      }),
    );

  program
    .command('seed')
    .description('add the demo players, the admin and staff accounts, brands and machines (safe to run again)')
    .action(() =>
      withServices(async (s) => {
        const { seedDemoData } = await import('../seed/index.ts');
        // Under the migrations' lock, as a starting instance seeds: never two seeds at once.
        const report = await s.database.exclusive(() => seedDemoData(s.machines, s.players, s.ledger));
        print(
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
    .action(async (opts: { out: string }) => {
      const { generateKeysFolder } = await import('../auth/index.ts');
      const written = generateKeysFolder(path.resolve(opts.out));
      print(`Wrote ${written.signingKeysFile} and ${written.machineTokenFile}.`);
      print(
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
        print(`Created player ${created.username} (id ${created.id}).`);
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
        print(`Created ${created.role} ${created.username} (id ${created.id}).`);
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
          const { walletAccount } = await import('../wallet/index.ts');
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
          print(`${verb} ${formatMinor(amount)} for ${target.username}${again}. Balance: ${formatMinor(result.balances[wallet]!)}.`);
          if (name === 'deposit') {
            // The cashier hears of the player's own cash-in limits (docs/player-protection.md); the platform enforces them at the cash-in.
            for (const line of await s.protection.depositWarnings(target.id, amount)) warnLine(io, line);
          }
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
          print(`Lifted the ban on ${username}.`);
        } else {
          await s.players.ban(username, opts.reason, new Date());
          print(`Banned ${username}.`);
        }
      }),
    );

  player
    .command('exclusions')
    .description('list time-outs and self-exclusions in force (--all: also those that ended); they cannot be shortened or lifted')
    .option('--all', 'also the ended ones')
    .action((opts: { all?: boolean }) =>
      withServices(async (s) => {
        const listed = await s.protection.listExclusions({ active: !opts.all });
        if (!listed.length) print(opts.all ? 'No time-outs or self-exclusions.' : 'No time-outs or self-exclusions in force.');
        for (const row of listed) print(`${row.username} (id ${row.playerId})  ${row.kind}  from ${row.startsAt}  until ${row.until}`);
      }),
    );

  player
    .command('unlock <username>')
    .description('clear a login block after too many wrong passwords')
    .action((username: string) =>
      withServices(async (s) => {
        await s.auth.unlock(username);
        print(`Unlocked ${username}.`);
      }),
    );

  registerPinCommands(player, io, withServices);

  player
    .command('allow-ip <username> [ips...]')
    .description('accept logins of a player only from these IPs (none: from anywhere)')
    .action((username: string, ips: string[]) =>
      withServices(async (s) => {
        await s.players.setAllowedIps(username, ips);
        print(ips.length ? `${username} may sign in from ${ips.join(', ')} only.` : `${username} may sign in from anywhere.`);
      }),
    );

  const ledger = program.command('ledger').description('the wallet ledger');
  ledger
    .command('verify')
    .description('recompute every balance from the ledger entries; exits 1 on any difference')
    .action(() =>
      withServices(async (s) => {
        const report = await s.ledger.verify();
        print(`Checked ${report.accounts} accounts and ${report.transfers} transfers; sum of all balances: ${report.total}.`);
        for (const d of report.differences) print(`  DIFFERENCE ${d.account}: balance ${d.cached}, entries say ${d.fromEntries}`);
        for (const t of report.unbalancedTransfers) print(`  UNBALANCED transfer ${t}`);
        if (report.differences.length || report.unbalancedTransfers.length || report.total !== '0') {
          print('The ledger does NOT reconcile.');
          throw new CommanderError(1, 'reelcast.ledgerDiffers', 'The ledger does NOT reconcile.');
        }
        print('The ledger reconciles.');
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
        print(`Published event ${added.id}: ${added.title}${added.expiresAt ? ` (until ${added.expiresAt.toISOString()})` : ''}.`);
      }),
    );
  event
    .command('list')
    .description('every event, newest first, with whether players see it now')
    .action(() =>
      withServices(async (s) => {
        const events = await s.quickPanel.allEvents();
        if (!events.length) print('No events.');
        const now = new Date();
        for (const e of events) {
          const shown = e.publishedAt <= now && (!e.expiresAt || e.expiresAt > now) ? 'showing' : 'expired';
          const until = e.expiresAt ? e.expiresAt.toISOString() : 'no end';
          print(`${String(e.id).padStart(5)}  ${e.publishedAt.toISOString()}  until ${until}  ${shown.padEnd(7)}  ${e.title}`);
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
        print(`Removed event ${id}.`);
      });
    });

  registerJackpotCommands(program, io, withServices);
  return program;
}
