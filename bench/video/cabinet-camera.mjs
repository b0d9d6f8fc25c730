// The cabinet camera's cost (docs/video.md "Cabinet camera"): sender CPU per viewer of the 320x240@5
// camera, beside one 720p30 main picture for scale, on machines that spin every 3 s.
// Usage: node bench/video/cabinet-camera.mjs [--viewers 1,4] [--seconds 10] [--help]
// Prints the figures; docs/video.md quotes them by hand (no section is rewritten).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const HELP = `Usage: node bench/video/cabinet-camera.mjs [--viewers <a,b,…>] [--seconds <n>] [--help]

Sender CPU (this process: draw, I420, libwebrtc encode and send) with libwebrtc viewers in a child
process (bench/video/receivers.mjs), about 15 s a row:
  none        no viewer (the frame loops stopped)
  720p        one 720p30 main picture
  camera × n  n cabinet cameras (320x240@5), one per machine, for each n of --viewers (default 1,4)

  --seconds <n>   measured seconds a row, after 3 s of warm-up (default 10)
  --help          this text`;
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const known = new Set(['--viewers', '--seconds']);
for (let i = 0; i < args.length; i += 2) {
  if (!known.has(args[i]) || args[i + 1] === undefined) {
    console.error(HELP);
    process.exit(2);
  }
}
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const counts = option('--viewers', '1,4').split(',').map(Number);
const seconds = Number(option('--seconds', '10'));

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { default: Fastify } = await import('fastify');

// A spin every 3 s; reels land 0.7–1.5 s after the press, as a player plays.
const base = video.idleCabinetState('Bench');
const state = () => {
  const cycle = Math.floor(Date.now() / 3000) * 3000;
  return Date.now() - cycle < 1600 ? { ...base, spinning: true, spinStartedAt: cycle, status: 'spinning' } : base;
};
const feeds = new video.VideoFeedHub(() => state());
const transport = new video.WrtcVideoTransport({ feeds });
const app = Fastify();
await app.register(video.whepRoutes({ transport, authorize: () => true, hasCabinetCamera: () => true }), { prefix: '/machines' });
const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
const spins = setInterval(() => {
  for (let i = 0; i < 8; i++) feeds.notifyStateChanged(`cam${i}`);
}, 3000);

/** Sender CPU (share of one core) while `count` viewers of `picture` watch; their decoded frame rates. */
function measure(picture, count) {
  return new Promise((resolve, reject) => {
    if (count === 0) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      return setTimeout(() => {
        const used = process.cpuUsage(cpu);
        resolve({ core: (used.user + used.system) / 1000 / (performance.now() - t0), fps: [] });
      }, seconds * 1000);
    }
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./receivers.mjs', import.meta.url)), baseURL, 'cam', String(count), picture, String(seconds), '3'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let cpu;
    let t0;
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, nl));
        buffered = buffered.slice(nl + 1);
        if (line.event === 'measuring') {
          cpu = process.cpuUsage();
          t0 = performance.now();
        }
        if (line.event === 'done') {
          const used = process.cpuUsage(cpu);
          resolve({ core: (used.user + used.system) / 1000 / (performance.now() - t0), fps: line.fps });
        }
      }
    });
    child.on('exit', (code) => code && reject(new Error(`receivers exited ${code}`)));
  });
}

const rows = [
  ['none', await measure('360p', 0)],
  ['720p', await measure('720p', 1)],
];
for (const n of counts) {
  rows.push([`camera × ${n}`, await measure('cabinet', n)]);
  await new Promise((r) => setTimeout(r, 1000));
}
clearInterval(spins);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const idle = rows[0][1].core;
for (const [name, { core, fps }] of rows) {
  const viewers = fps.length || 1;
  const perViewer = name.startsWith('camera') ? ` (${(((core - idle) / viewers) * 100).toFixed(1)} % per viewer above idle)` : '';
  const rate = fps.length ? `, decoded ${Math.min(...fps).toFixed(1)}–${Math.max(...fps).toFixed(1)} fps` : '';
  console.log(`${name.padEnd(12)} sender ${(core * 100).toFixed(1)} % of a core${perViewer}${rate}`);
}
await transport.close();
await app.close();
setTimeout(() => process.exit(0), 200);
