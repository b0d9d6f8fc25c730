import path from 'node:path';
import { parseArgs } from 'node:util';
import { simulatorOptionsSchema } from './options.ts';
import { createPtyPair, type PtyPair } from './pty-pair.ts';
import { startEgmSimulator } from './simulator.ts';

const USAGE = `egm-sim: a SAS 6.02 gaming machine on a pseudo-terminal (tools/egm-sim/README.md)

  node --import tsx tools/egm-sim/main.ts --sas <pty> --nvram <file> [options]
  node --import tsx tools/egm-sim/main.ts --pty-dir <dir> --nvram <file> [options]

Links
  --sas <path>                the machine's end of the SAS pty pair (test-link encoding, docs/sas-test-link.md §2)
  --relay <path>              the machine's end of the relay board's pty pair (LCUS frames, §3)
  --pty-dir <dir>             make the pairs with socat instead: <dir>/sas-host and <dir>/relay-host are the host's ends
  --control <where>           control channel: a Unix socket path, a TCP port, or host:port (JSON lines, §4)
  --glass <where>             the screen as raw video (320x240 rgb24, 30 fps) to whoever connects: a Unix socket path, a TCP port, or host:port
Machine
  --nvram <file>              NVRAM file (created on first start, kept across restarts and power losses)
  --address <1-127>           SAS address (default 1)
  --asset <n>                 asset number (default 1)
  --serial <text>             serial number for long poll 54 (default EGMSIM0001)
  --denom-cents <n>           accounting denomination in cents: 1, 2, 5, 10, 20, 25, 50, 100, ... (default 1)
  --seed <text>               seed of the reel game's generator (default egm-sim)
  --max-bet <n>               largest bet in credits (default 5)
  --hand-pay-limit-cents <n>  a win at or above this locks the machine for a hand pay (default 120000)
  --transfer-limit-cents <n>  largest AFT transfer (default 10000000)
  --credit-limit-cents <n>    largest credit meter an AFT transfer in may reach (default 99999999)
  --game-ms <n>               how long the reels spin (default 500)
  --min-press-ms <n>          how long a relay must stay closed to count as a press (default 30)
  --buttons <map>             relay channel wiring (default 1=play,2=betOne,3=maxBet,4=cashOut,5=service)
  --cash-out-to <where>       handPay (default: the attendant pays the credits) or host (6A: the host takes them by AFT)
  --history-size <1-127>      AFT history buffer size (default 127)
  --exception-queue-size <n>  exceptions kept before the queue overflows (default 20)
  --overflow <policy>         discard-oldest (default) or discard-newest
SAS link
  --no-sync                   answer polls without first seeing a poll to another address
  --link-down-ms <n>          silence after which the link must synchronise again (default 5000)
  --inter-byte-gap-ms <n>     drop a poll with a longer gap between its characters (default: no limit)
  --reissue-ms <n>            raise 51 and 69 again while the host has not taken them up (default 15000)
  --verbose                   print every poll and answer in hex on stderr
  --help`;

const NUMBERS = {
  address: 'address',
  asset: 'assetNumber',
  'denom-cents': 'denominationCents',
  'max-bet': 'maxBet',
  'hand-pay-limit-cents': 'handPayLimitCents',
  'transfer-limit-cents': 'transferLimitCents',
  'credit-limit-cents': 'creditLimitCents',
  'game-ms': 'gameMs',
  'min-press-ms': 'minPressMs',
  'history-size': 'historySize',
  'exception-queue-size': 'exceptionQueueSize',
  'link-down-ms': 'linkDownMs',
  'inter-byte-gap-ms': 'interByteGapMs',
  'reissue-ms': 'reissueMs',
} as const;

const stringOption = { type: 'string' } as const;
const { values } = parseArgs({
  options: {
    ...Object.fromEntries(Object.keys(NUMBERS).map((name) => [name, stringOption])),
    sas: stringOption,
    relay: stringOption,
    'pty-dir': stringOption,
    control: stringOption,
    glass: stringOption,
    nvram: stringOption,
    serial: stringOption,
    seed: stringOption,
    buttons: stringOption,
    overflow: stringOption,
    'cash-out-to': stringOption,
    'no-sync': { type: 'boolean' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean' },
  },
  strict: true,
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function fail(message: string): never {
  console.error(`egm-sim: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const options: Record<string, unknown> = {
  sasPath: values.sas,
  relayPath: values.relay,
  control: values.control,
  glass: values.glass,
  nvramFile: values.nvram,
  serialNumber: values.serial,
  seed: values.seed,
  overflow: values.overflow,
  cashOutTo: values['cash-out-to'],
  requireSync: values['no-sync'] ? false : undefined,
};
for (const [flag, key] of Object.entries(NUMBERS)) {
  const text = (values as Record<string, string | undefined>)[flag];
  if (text === undefined) continue;
  if (!/^\d+$/.test(text)) fail(`--${flag} takes a whole number, not "${text}"`);
  options[key] = Number(text);
}
if (values.buttons !== undefined) {
  options.buttons = Object.fromEntries(values.buttons.split(',').map((pair) => pair.split('=') as [string, string]));
}

const pairs: PtyPair[] = [];
if (values['pty-dir'] !== undefined) {
  if (values.sas !== undefined || values.relay !== undefined) fail('--pty-dir makes the links: leave out --sas and --relay');
  const dir = path.resolve(values['pty-dir']);
  const sas = await createPtyPair(dir, 'sas-egm', 'sas-host');
  const relay = await createPtyPair(dir, 'relay-egm', 'relay-host');
  pairs.push(sas, relay);
  options.sasPath = sas.a;
  options.relayPath = relay.a;
}

const parsed = simulatorOptionsSchema.safeParse(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)));
if (!parsed.success) fail(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));

const hex = (bytes: Uint8Array): string =>
  Buffer.from(bytes)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');
const simulator = await startEgmSimulator(parsed.data, {
  onTraffic: values.verbose ? (direction, bytes) => console.error(`${direction === 'poll' ? '>' : '<'} ${hex(bytes)}`) : undefined,
});

console.log(
  JSON.stringify({
    sas: pairs[0]?.b ?? parsed.data.sasPath,
    relay: pairs[1]?.b ?? parsed.data.relayPath ?? null,
    control: simulator.controlAddress,
    glass: simulator.glassAddress,
    address: parsed.data.address,
  }),
);

async function stop(): Promise<void> {
  await simulator.close();
  for (const pair of pairs) await pair.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
