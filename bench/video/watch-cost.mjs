// What watching a machine from the console costs (docs/console.md "Watch", issue 29): video-process CPU and
// bytes per watcher, for 1, 5 and 10 staff watching one machine while its player plays, and for one grid tile
// (a watcher on the lowest band, which no player watches).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { machineLine, writeSubsection } from '../lib/benchmarks-doc.mjs';
import { benchOptions } from '../lib/options.mjs';
import { VIDEO_HEADING } from './path-figures.mjs';

const HELP = `Usage: node bench/video/watch-cost.mjs [--watchers <a,b,…>] [--seconds <n>] [--no-write] [--help]

One machine on the agent's video path (ProcessVideoTransport, forward: one VP8 encode per band, packets
forwarded to every viewer) behind the WHEP routes. Its player spins every 3 s (reels turn 1.5 s) and watches
720p, the band the console's Watch asks too. Steps, about 15 s each:
  player alone         the baseline
  + n watchers         n staff watchers on the player's band (720p), for each n of --watchers (default 1,5,10)
  + 1 grid tile        one watcher on the lowest band (360p), which no player watches: a second encoder
Video-process CPU = process.cpuUsage() of the video process over the measured seconds (1.0 = one core); bytes =
VP8 RTP payload the shared encoders forwarded (SharedStreamStats.bytesSent), per watcher a second. Viewers are
werift peers in child processes (bench/video/viewer-pool.mjs, "count": frames counted, not decoded).

  --watchers <a,b,…>  watcher counts (default 1,5,10)
  --seconds <n>       measured seconds a step, after 3 s of warm-up (default 8)
  --no-write          print the figures without writing docs/benchmarks.md
  --help              this text`;
const { option, has } = benchOptions(HELP);
const counts = option('--watchers', '1,5,10').split(',').map(Number);
const SECONDS = Number(option('--seconds', 8));
const WARMUP = 3;
const write = !has('--no-write');
if (counts.some((n) => !Number.isInteger(n) || n < 1) || !(SECONDS > 0)) {
  console.error(HELP);
  process.exit(2);
}

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { default: Fastify } = await import('fastify');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), '[bench:watch-cost]', ...a);
const MACHINE = 'watch1';
const startLoad = loadavg()[0].toFixed(1);
/** Above one runnable task a core at the start, the figures say they were taken on a busy machine. */
const loaded = loadavg()[0] > 2;

const transport = new video.ProcessVideoTransport({ path: 'forward' });
await transport.start();
const app = Fastify();
await app.register(video.whepRoutes({ transport, authorize: async () => true }), { prefix: '/machines' });
const baseURL = await app.listen({ host: '127.0.0.1', port: 0 });

// The player spins every 3 s; the reels land 0.7–1.5 s after the press.
const idle = { ...video.idleCabinetState('Watched'), credit: 123_456, bet: 200 };
let spinning = false;
const press = () => {
  spinning = !spinning;
  transport.publish(MACHINE, spinning ? { ...idle, spinning: true, spinStartedAt: Date.now(), status: 'spinning' } : idle, true);
};
press();
const spins = setInterval(press, 1500);

/** A pool of `count` counting viewers on `band` (viewer-pool.mjs); resolves its messages through `on`. */
function pool(count, band, seconds, on = () => {}) {
  const spec = { baseURL, route: '/machines', machines: Array(count).fill(MACHINE), band, kind: 'count', seconds, warmup: WARMUP };
  const child = spawn(process.execPath, [fileURLToPath(new URL('./viewer-pool.mjs', import.meta.url)), JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      on(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  });
  return child;
}

const sample = async () => {
  const { cpu, streams } = await transport.stats();
  const mine = Object.entries(streams).filter(([key]) => key.startsWith(`${MACHINE}/`));
  return {
    at: performance.now(),
    cpu: cpu.user + cpu.system,
    encoders: mine.length,
    bytes: Object.fromEntries(mine.map(([key, s]) => [key.split('/')[1].split('@')[0], s.bytesSent])),
    packets: Object.fromEntries(mine.map(([key, s]) => [key.split('/')[1].split('@')[0], s.packetsSent])),
  };
};
const delta = (a, b, band) => (b[band] ?? 0) - (a[band] ?? 0);

/** One step: `count` watchers on `band` beside the player; the video process sampled over the measured seconds. */
async function step(name, count, band) {
  if (count === 0) {
    const a = await sample();
    await sleep(SECONDS * 1000);
    const b = await sample();
    return { name, watchers: 0, band, ...figures(a, b, 0, band), fps: [] };
  }
  let first;
  const measured = await new Promise((resolve, reject) => {
    const child = pool(count, band, SECONDS, (message) => {
      if (message.event === 'measuring') first = sample();
      if (message.event === 'done') Promise.all([first, sample()]).then(([a, b]) => resolve({ a, b, message, child }), reject);
    });
    child.on('exit', (code) => code && reject(new Error(`watchers exited ${code}`)));
  });
  await new Promise((resolve) => {
    measured.child.once('exit', resolve);
    setTimeout(resolve, 5000);
  });
  await sleep(1000);
  return { name, watchers: count, band, ...figures(measured.a, measured.b, count, band), fps: measured.message.fps };
}

function figures(a, b, watchers, band) {
  const seconds = (b.at - a.at) / 1000;
  // The player's band carries player + watchers; another band carries the watchers alone.
  const viewersOnBand = band === '720p' ? 1 + watchers : watchers;
  return {
    cores: (b.cpu - a.cpu) / 1e6 / seconds,
    encoders: b.encoders,
    bytesPerViewer: viewersOnBand ? delta(a.bytes, b.bytes, band) / viewersOnBand / seconds : 0,
    packetsPerViewer: viewersOnBand ? delta(a.packets, b.packets, band) / viewersOnBand / seconds : 0,
    load: loadavg()[0].toFixed(1),
  };
}

log(`load ${startLoad}; video process pid ${transport.pid}`);
const player = pool(1, '720p', 3600);
await new Promise((resolve) => player.stdout.once('data', resolve)); // its "measuring": the player's picture plays
const rows = [await step('player alone', 0, '720p')];
for (const n of counts) rows.push(await step(`+ ${n} watcher${n > 1 ? 's' : ''}`, n, '720p'));
rows.push(await step('+ 1 grid tile (360p)', 1, '360p'));
clearInterval(spins);
player.kill();

const base = rows[0].cores;
const f2 = (x) => x.toFixed(2);
// No "-0.000": a slope of noise around zero reads as 0.000.
const f3 = (x) => (Math.abs(x) < 0.0005 ? 0 : x).toFixed(3);
const kbit = (bytesPerSecond) => ((bytesPerSecond * 8) / 1000).toFixed(0);
const lines = rows.map((r) => {
  const perWatcher = r.watchers ? f3((r.cores - base) / r.watchers) : '';
  const fps = r.fps.length ? `${Math.min(...r.fps).toFixed(1)} / ${(r.fps.reduce((x, y) => x + y, 0) / r.fps.length).toFixed(1)}` : '';
  return `| ${r.name} | ${r.band} | ${r.encoders} | ${f2(r.cores)} | ${perWatcher} | ${kbit(r.bytesPerViewer)} | ${r.packetsPerViewer.toFixed(0)} | ${fps} | ${r.load} |`;
});
for (const line of lines) log(line);
// The cost of one more watcher on the player's band: least-squares slope of cores against watchers (0, 1, 5, 10).
const same = rows.filter((r) => r.band === '720p');
const mx = same.reduce((a, r) => a + r.watchers, 0) / same.length;
const my = same.reduce((a, r) => a + r.cores, 0) / same.length;
const slope = same.reduce((a, r) => a + (r.watchers - mx) * (r.cores - my), 0) / same.reduce((a, r) => a + (r.watchers - mx) ** 2, 0);
log(`cores per extra watcher on the player's band (slope): ${f3(slope)}`);
const table = `| step | watchers' band | encoders | video process cores | cores per watcher above the player alone | kbit/s a viewer (VP8 payload) | packets/s a viewer | watchers' fps min / mean | load |
|---|---|---:|---:|---:|---:|---:|---|---:|
${lines.join('\n')}`;
if (write) {
  writeSubsection(
    VIDEO_HEADING,
    null,
    '### Watching from the console: cost per watcher (bench/video/watch-cost.mjs)',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()} (${startLoad} at the start).${loaded ? ' **Loaded**: other work ran on the same 2 cores meanwhile, so the CPU figures are high and noisy rather than low.' : ''}
\`node bench/video/watch-cost.mjs\`: one machine on the agent's video path (\`ProcessVideoTransport\`, forward), its player
(a counting werift peer) on 720p while it spins every 3 s (reels 1.5 s); staff watchers join on the same band, as the
console's Watch does, and one grid tile on 360p (the lowest band, which no player watches). Cores = \`process.cpuUsage()\`
of the video process over ${SECONDS} s after ${WARMUP} s of warm-up. kbit/s = VP8 RTP payload forwarded to each viewer of
the band (\`SharedStreamStats.bytesSent\`); RTP and SRTP headers add about 30 bytes a packet on the wire.

${table}

Cores per extra watcher on the player's band (least-squares slope over 0, ${counts.join(', ')} watchers): **${f3(slope)}**; bytes
per watcher: the player's own stream, ${kbit(Math.min(...same.map((r) => r.bytesPerViewer)))}–${kbit(Math.max(...same.map((r) => r.bytesPerViewer)))} kbit/s of VP8 payload at 720p here
(the steps differ in how much of their window the reels spun). A watcher on the player's band adds no encoder: it costs its peer connection's forwarding (SRTP, sending) and the
same bytes as the player. A grid tile on a band nobody else watches costs one more encoder (the 360p step).`,
  );
  log('wrote docs/benchmarks.md');
}
await transport.close();
await app.close();
setTimeout(() => process.exit(0), 200);
