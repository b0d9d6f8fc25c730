import { InvalidArgumentError, type Command } from 'commander';
import { formatMinor } from '@reelcast/protocol';
import type { MeterChanges, MeterView } from '../jackpots/index.ts';
import type { Services } from '../services.ts';
import { printLine, type CliIo } from './io.ts';
import { parseAmount } from './amount.ts';

type WithServices = <T>(work: (services: Services) => T | Promise<T>) => Promise<T>;

/** "0.5" (percent, at most two decimals) as basis points (50). */
function rate(text: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(basisPoints >= 0 && basisPoints <= 10_000))
    throw new InvalidArgumentError('a percentage from 0 to 100 with at most two decimals, e.g. 0.5');
  return basisPoints;
}

function amount(text: string): number {
  try {
    return parseAmount(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;

function printMeters(print: (line: string) => void, meters: MeterView[]): void {
  const rows = meters.map((m) => [
    String(m.id),
    m.brand,
    `${m.tier} ${m.name}`,
    formatMinor(m.value),
    formatMinor(m.seed),
    formatMinor(m.ceiling),
    percent(m.contributionBasisPoints),
    String(m.hits),
    formatMinor(m.paid),
  ]);
  const header = ['id', 'brand', 'tier', 'value', 'seed', 'ceiling', 'rate', 'hits', 'paid'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  print(line(header));
  for (const row of rows) print(line(row));
}

/** `reelcast jackpot list | set`: the brands' linked jackpot meters (docs/jackpots.md). */
export function registerJackpotCommands(program: Command, io: CliIo, withServices: WithServices): void {
  const print = (line: string) => printLine(io, line);
  const jackpot = program.command('jackpot').description("the brands' linked jackpot meters (docs/jackpots.md)");
  jackpot
    .command('list')
    .description('every meter: value now, seed, ceiling ("must hit by"), share of each bet, hits and what they paid')
    .action(() =>
      withServices(async (s) => {
        const meters = await s.jackpots.meters.list();
        if (!meters.length) print('No jackpot meters yet: the platform makes them from the brands when it starts.');
        else printMeters(print, meters);
      }),
    );
  jackpot
    .command('set <meterId>')
    .description(
      'change a meter: the rate counts from the next bets; a new seed or ceiling draws a new hidden trigger, and a value below a new seed is topped up to it',
    )
    .option('--seed <amount>', 'the value the meter starts at after a hit, in currency units (e.g. 500 or 99.50)', amount)
    .option('--ceiling <amount>', 'the most the meter reaches before it hits ("must hit by"), in currency units', amount)
    .option('--rate <percent>', 'the share of every bet it takes, in percent (e.g. 0.5)', rate)
    .action((meterId: string, opts: { seed?: number; ceiling?: number; rate?: number }) => {
      const id = Number(meterId);
      if (!Number.isInteger(id) || id <= 0) program.error('error: <meterId> is a meter id from `reelcast jackpot list`');
      const changes: MeterChanges = { seed: opts.seed, ceiling: opts.ceiling, contributionBasisPoints: opts.rate };
      if (Object.values(changes).every((v) => v === undefined)) program.error('error: say what to change: --seed, --ceiling or --rate');
      return withServices(async (s) => {
        const meter = await s.jackpots.meters.configure(id, changes);
        print(`Meter ${meter.id} (${meter.brand} ${meter.name}) is now:`);
        printMeters(print, [meter]);
      });
    });
}
