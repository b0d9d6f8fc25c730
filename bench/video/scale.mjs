// Video at scale, the forward path against the per-viewer path in one run (issue 25): sender CPU per extra viewer,
// spinning cabinets per core, and the frame rate of 20 viewers of one cabinet.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { machineLine, writeSubsection } from '../lib/benchmarks-doc.mjs';
import { recordPathFigure, SCALE_SUBHEADING, VIDEO_HEADING, when } from './path-figures.mjs';

const HELP = `Usage: node bench/video/scale.mjs [--only <parts>] [--paths <paths>] [--decode-max <n>] [--seconds <n>] [--no-write] [--help]

Spinning 720p30 cabinets (reels moving nonstop, no frame stamp), served by video processes
(ProcessVideoTransport) side by side: MACHINE_VIDEO_PATH forward (one encode per cabinet, packets forwarded
to every viewer) coding H.264 (libx264, MACHINE_VIDEO_CODEC=h264, the default) and VP8 (libvpx,
MACHINE_VIDEO_CODEC=vp8), and per-viewer (one libwebrtc encoder per viewer). Each step runs on one path,
then on the next, so all see the same load. Sender CPU = process.cpuUsage() of that video process over the measured
seconds. Viewers are peers in a child process (bench/video/viewer-pool.mjs): libwebrtc decoders for steps of
up to --decode-max viewers, werift peers that count complete frames without decoding above that.
About four minutes for every part:
  viewers    one machine, 1, 2, 5, 10 viewers: sender CPU and CPU per extra viewer
  cabinets   2, 4, 8 machines, one viewer each: sender CPU per cabinet, cabinets per core, fps received
  fanout     one machine, 20 viewers (counted, not decoded): fps each viewer receives
  (glass to glass from a captured ffmpeg source: bench/video/glass.mjs)

  --only <a,b,…>    the parts to run (default: viewers,cabinets,fanout)
  --paths <a,b,…>   the paths to compare (default: h264,vp8,per-viewer)
  --decode-max <n>  decode with libwebrtc up to this many viewers in a step, count above (default 4). libwebrtc
                    has no H.264 decoder: a decoding viewer gets VP8 on the H.264 path too (the column "codec"
                    says what was coded); 0 counts every step, so each path codes its own codec
  --seconds <n>     measured seconds per step, after 3 s of warm-up (default 6)
  --no-write        print the figures without writing docs/benchmarks.md and bench/video/path-figures.json
  --help            this text`;
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const parts = option('--only', 'viewers,cabinets,fanout').split(',').filter(Boolean);
const unknown = parts.filter((part) => !['viewers', 'cabinets', 'fanout'].includes(part));
if (parts.length === 0 || unknown.length > 0) {
  console.error(`unknown part ${unknown.join(', ') || '(none)'}\n\n${HELP}`);
  process.exit(2);
}
const DECODE_MAX = Number(option('--decode-max', 4));
const SECONDS = Number(option('--seconds', 6));
const WARMUP = 3;
const write = !args.includes('--no-write');

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { default: Fastify } = await import('fastify');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg()[0].toFixed(1);
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), '[bench:video-scale]', ...a);
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');
const r1 = (x) => (Number.isFinite(x) ? (Math.round(x * 10) / 10).toString() : 'n/a');

const ALL_PATHS = [
  { key: 'h264', name: 'forward H.264', path: 'forward', codec: 'h264', route: '/forward-h264' },
  { key: 'vp8', name: 'forward VP8', path: 'forward', codec: 'vp8', route: '/forward-vp8' },
  { key: 'per-viewer', name: 'per-viewer', path: 'per-viewer', route: '/per-viewer' },
];
const wanted = option('--paths', 'h264,vp8,per-viewer').split(',');
const PATHS = ALL_PATHS.filter((p) => wanted.includes(p.key));
if (PATHS.length !== wanted.length) {
  console.error(`unknown path in ${wanted.join(',')}\n\n${HELP}`);
  process.exit(2);
}
for (const p of PATHS) p.transport = new video.ProcessVideoTransport({ path: p.path, codec: p.codec });
await Promise.all(PATHS.map((p) => p.transport.start()));
const band = video.VIDEO_BANDS.find((b) => b.id === '720p');
const app = Fastify();
for (const p of PATHS) await app.register(video.whepRoutes({ transport: p.transport, authorize: async () => true }), { prefix: p.route });
const baseURL = await app.listen({ host: '127.0.0.1', port: 0 });

/** A cabinet whose reels never stop (the worst case for the encoder), sent to both video processes. */
function spinningCabinet(id) {
  const view = {
    ...video.idleCabinetState(`Scale ${id}`),
    credit: 1_234_567,
    bet: 500,
    lamps: { candle: true },
    spinning: true,
    spinStartedAt: Date.now(),
    reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9],
    status: 'spinning',
  };
  for (const p of PATHS) p.transport.publish(id, view, false);
}

/**
 * One step on one path: the viewers join (`machines`: one machine id per viewer), warm up, and are measured;
 * the sender is sampled when the measuring starts and when it ends.
 */
async function step({ transport, route, name: path }, machines) {
  const ids = [...new Set(machines)];
  const kind = machines.length <= DECODE_MAX ? 'decode' : 'count';
  const sample = async () => {
    const { cpu, feeds, streams, senders } = await transport.stats();
    const ours = (record) => Object.entries(record).filter(([key]) => ids.includes(key.split('/')[0]));
    const mine = ours(feeds);
    // The forward path's shared encoders: libvpx time, on the video process's main thread.
    const shared = ours(streams);
    return {
      cpu: cpu.user + cpu.system,
      at: performance.now(),
      frames: mine.reduce((a, [, s]) => a + s.frames, 0),
      late: mine.reduce((a, [, s]) => a + s.skipped, 0),
      // The per-viewer path's libwebrtc encoders (only this step's sessions are open): getStats totalEncodeTime.
      encodeMs:
        shared.reduce((a, [, s]) => a + s.encodeMs, 0) + Object.values(senders).reduce((a, s) => a + (s.totalEncodeTime ?? 0) * 1000, 0),
      encoded: shared.reduce((a, [, s]) => a + s.framesEncoded, 0) + Object.values(senders).reduce((a, s) => a + (s.framesEncoded ?? 0), 0),
      // Frames coded per codec on the forward path (SharedCodecStreams), to tell which codec the viewers got.
      byCodec: shared.reduce((a, [, s]) => {
        for (const [codec, c] of Object.entries(s.codecs ?? {})) a[codec] = (a[codec] ?? 0) + c.framesEncoded;
        return a;
      }, {}),
    };
  };
  const spec = { baseURL, route, machines, band: band.id, kind, seconds: SECONDS, warmup: WARMUP };
  const child = spawn(process.execPath, [fileURLToPath(new URL('./viewer-pool.mjs', import.meta.url)), JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  let first;
  const measured = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('step timed out')), (WARMUP + SECONDS + 55) * 1000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (message.event === 'measuring') first = sample();
        else if (message.event === 'done')
          Promise.all([first, sample()]).then(([a, b]) => {
            clearTimeout(timer);
            const seconds = (b.at - a.at) / 1000;
            resolve({
              fps: message.fps,
              cores: (b.cpu - a.cpu) / 1e6 / seconds,
              drawnFps: (b.frames - a.frames) / ids.length / seconds,
              lateTicks: b.late - a.late,
              viewerCores: message.cores,
              lateJoins: message.late,
              encodeMsPerFrame: b.encoded > a.encoded ? (b.encodeMs - a.encodeMs) / (b.encoded - a.encoded) : NaN,
              codec:
                Object.keys(b.byCodec)
                  .filter((codec) => b.byCodec[codec] > (a.byCodec[codec] ?? 0))
                  .join('+') || 'VP8 (libwebrtc)',
            });
          }, reject);
      }
    });
    child.on('exit', (code) => code && reject(new Error(`viewers exited ${code}`)));
  }).catch((error) => ({ error: error.message }));
  // The viewers close their sessions (WHEP DELETE) after reporting; let them, so the next step starts clean.
  await new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    setTimeout(resolve, 5000);
  });
  child.kill();
  await sleep(1000);
  const row = { path, viewers: machines.length, machines: ids.length, kind, load: load(), ...measured };
  if (!row.error) {
    row.minFps = Math.min(...row.fps);
    row.meanFps = row.fps.reduce((a, b) => a + b, 0) / row.fps.length;
    // Sender CPU for each frame a viewer of each machine got (the machines' first viewers: one frame per machine
    // and tick): what a frame costs whatever the load, and so the cabinets a core at 30 fps it comes to.
    const perMachine = new Map();
    machines.forEach((id, i) => perMachine.set(id, Math.max(perMachine.get(id) ?? 0, row.fps[i])));
    row.cpuMsPerFrame = (row.cores * 1000) / [...perMachine.values()].reduce((a, b) => a + b, 0);
    // Kept up: every viewer got ≥ 97% of 30 frames a second and the frame loops ran ≤ 2% of their ticks late.
    row.keptUp = row.minFps >= 0.97 * band.fps && row.lateTicks <= 0.02 * ids.length * band.fps * SECONDS;
  }
  log(
    `${path.padEnd(10)} ${String(row.machines).padStart(2)} machine(s), ${String(row.viewers).padStart(2)} viewer(s) (${kind}):`,
    row.error ??
      `sender ${f2(row.cores)} cores, ${f2(row.cpuMsPerFrame)} ms CPU a frame${Number.isFinite(row.encodeMsPerFrame) ? ` (${row.codec} ${f2(row.encodeMsPerFrame)} ms a frame)` : ''}, fps min ${r1(row.minFps)} mean ${r1(row.meanFps)}, drawn ${r1(row.drawnFps)}/s, ${row.lateTicks} late ticks${row.keptUp ? '' : ' (fell behind)'}, viewers ${f2(row.viewerCores)} cores${row.lateJoins ? `, ${row.lateJoins} viewer(s) without a frame 15 s after joining` : ''}, load ${row.load}`,
  );
  return row;
}

/** Both paths, one after the other, for each step. */
async function steps(tag, counts, machinesOf) {
  const rows = [];
  for (const n of counts) {
    for (const p of PATHS) {
      const machines = machinesOf(`${tag}${n}${p.key}`, n);
      for (const id of new Set(machines)) spinningCabinet(id);
      await sleep(300);
      rows.push(await step(p, machines));
    }
  }
  return rows;
}

/** Least-squares slope of sender cores against viewers: the cost of one more viewer. */
function slope(rows) {
  const ok = rows.filter((r) => !r.error);
  const mx = ok.reduce((a, r) => a + r.viewers, 0) / ok.length;
  const my = ok.reduce((a, r) => a + r.cores, 0) / ok.length;
  const sxy = ok.reduce((a, r) => a + (r.viewers - mx) * (r.cores - my), 0);
  const sxx = ok.reduce((a, r) => a + (r.viewers - mx) ** 2, 0);
  return sxy / sxx;
}

const startLoad = load();
log(`load ${startLoad}; parts ${parts.join(',')}; paths ${PATHS.map((p) => `${p.path} (pid ${p.transport.pid})`).join(', ')}`);
const results = {};

if (parts.includes('viewers')) {
  log('one spinning 720p30 machine, 1, 2, 5, 10 viewers');
  const rows = await steps('V', [1, 2, 5, 10], (id, n) => Array.from({ length: n }, () => id));
  results.viewers = rows;
  const perPath = Object.fromEntries(
    PATHS.map(({ name: path }) => {
      const mine = rows.filter((r) => r.path === path);
      // The slope over the steps that kept up (a starved sender makes fewer frames and looks cheaper).
      const kept = mine.filter((r) => r.keptUp);
      return [path, { all: slope(mine), kept: kept.length >= 2 ? slope(kept) : NaN, keptUpTo: Math.max(0, ...kept.map((r) => r.viewers)) }];
    }),
  );
  results.perViewer = perPath;
  for (const [path, s] of Object.entries(perPath))
    log(
      `${path}: ${f3(s.all)} cores per extra viewer (all steps), ${f3(s.kept)} over the steps that kept up (up to ${s.keptUpTo} viewers)`,
    );
}

if (parts.includes('cabinets')) {
  log('2, 4, 8 spinning 720p30 machines, one viewer each');
  const rows = await steps('C', [2, 4, 8], (id, n) => Array.from({ length: n }, (_, i) => `${id}-${i}`));
  results.cabinets = rows;
  results.perCore = Object.fromEntries(
    PATHS.map(({ name: path }) => {
      const mine = rows.filter((r) => r.path === path && !r.error);
      const best = mine.filter((r) => r.keptUp).at(-1);
      // With no step kept up, a starved sender draws fewer frames and looks cheap: no figure, only the smallest step's cost.
      const perCabinet = best ? best.cores / best.machines : (mine[0]?.cores ?? NaN) / (mine[0]?.machines ?? 1);
      // From the CPU a frame over every step (a starved step still tells what a frame costs).
      const ms = mine.reduce((a, r) => a + r.cpuMsPerFrame, 0) / mine.length;
      return [path, { best, perCabinet, perCore: best ? 1 / perCabinet : NaN, cpuMsPerFrame: ms, perCoreByCpu: 1000 / (band.fps * ms) }];
    }),
  );
  for (const [path, s] of Object.entries(results.perCore))
    log(
      `${path}: ${f3(s.perCabinet)} cores per cabinet → ${r1(s.perCore)} cabinets per core${s.best ? ` (kept up with ${s.best.machines})` : ' (no step kept up)'}; ${f2(s.cpuMsPerFrame)} ms CPU a frame (mean of the steps) → ${r1(s.perCoreByCpu)} at 30 fps`,
    );
}

if (parts.includes('fanout')) {
  log('one spinning 720p30 machine, 20 viewers (werift peers counting complete frames)');
  const rows = await steps('F', [20], (id, n) => Array.from({ length: n }, () => id));
  results.fanout = rows;
}

for (const p of PATHS) await p.transport.close();
await app.close();
const endLoad = load();
log(`load at the end ${endLoad}`);

const rowsText = (rows) =>
  rows
    .map(
      (r) =>
        `| ${r.path} | ${r.codec ?? ''} | ${r.machines} | ${r.viewers} | ${r.kind === 'decode' ? 'libwebrtc, decoded' : 'werift, counted'} | ${r.error ? `failed: ${r.error} | | | | | | |` : `${f2(r.cores)} | ${f3(r.cores / r.viewers)} | ${f2(r.cpuMsPerFrame)} | ${Number.isFinite(r.encodeMsPerFrame) ? f2(r.encodeMsPerFrame) : '–'} | ${r1(r.minFps)} / ${r1(r.meanFps)} | ${r1(r.drawnFps)} | ${r.keptUp ? 'yes' : `no (${r.lateTicks} late ticks)`} | ${f2(r.viewerCores)}`} | ${r.load} |`,
    )
    .join('\n');

/** The forward column: each forward path's figure, H.264 (the default) first. */
const forwardText = (figure) =>
  ['forward H.264', 'forward VP8']
    .filter((name) => PATHS.some((p) => p.name === name))
    .map((name) => `${name.slice('forward '.length)}: ${figure(name)}`)
    .join('; ') || '–';
const perViewerText = (figure) => (PATHS.some((p) => p.key === 'per-viewer') ? figure('per-viewer') : '–');

if (write) {
  const loads = `${startLoad}–${endLoad}`;
  const pv = results.perViewer;
  if (pv) {
    const text = (s) =>
      Number.isFinite(s.kept)
        ? `${f3(s.kept)} core (steps that kept up, to ${s.keptUpTo} viewers)`
        : `${f3(s.all)} core over all steps (fewer than two kept up${s.keptUpTo ? `: up to ${s.keptUpTo}` : ''})`;
    recordPathFigure('cpuPerViewer', {
      forward: forwardText((name) => text(pv[name])),
      perViewer: perViewerText((name) => text(pv[name])),
      ...when(loads),
    });
  }
  if (results.perCore) {
    const text = (s) =>
      `${s.best ? `${r1(s.perCore)} (${f3(s.perCabinet)} core each with ${s.best.machines}, the largest step that kept up)` : `n/a: no step kept up (${f3(s.perCabinet)} core each at the smallest step)`}; ${r1(s.perCoreByCpu)} from the CPU a frame sent (${f2(s.cpuMsPerFrame)} ms)`;
    recordPathFigure('cabinetsPerCore', {
      forward: forwardText((name) => text(results.perCore[name])),
      perViewer: perViewerText((name) => text(results.perCore[name])),
      ...when(loads),
    });
  }
  if (results.fanout) {
    const text = (path) => {
      const r = results.fanout.find((x) => x.path === path);
      return r?.error ? 'failed' : `${r1(r.minFps)} / ${r1(r.meanFps)} fps (sender ${f2(r.cores)} cores)`;
    };
    recordPathFigure('fanout20', {
      forward: forwardText(text),
      perViewer: perViewerText(text),
      ...when(loads),
      note: 'counted, not decoded',
    });
  }
  const all = [...(results.viewers ?? []), ...(results.cabinets ?? []), ...(results.fanout ?? [])];
  writeSubsection(
    VIDEO_HEADING,
    null,
    SCALE_SUBHEADING,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()} (${startLoad} at the start).
\`node bench/video/scale.mjs\`: spinning 720p30 cabinets (reels moving nonstop, no frame stamp), two video processes
(\`ProcessVideoTransport\`: \`path: 'forward'\` with \`codec: 'h264'\` (libx264) and with \`codec: 'vp8'\` (libvpx), and
\`path: 'per-viewer'\`; the paths run: ${PATHS.map((p) => p.name).join(', ')}) behind the WHEP routes; each step runs on one
path, then on the next. Decoding viewers (libwebrtc) have no H.264 and get VP8 on every path: the column "codec" says
what was coded (${DECODE_MAX === 0 ? 'this run counted every step, so each path coded its own codec' : `steps of up to ${DECODE_MAX} viewers decoded`}). Sender cores = \`process.cpuUsage()\` of that video process over ${SECONDS} s (after ${WARMUP} s of
warm-up), 1.0 = one core. Viewers run in a child process: libwebrtc peers that decode every frame for steps of up to
${DECODE_MAX} viewers; above that, werift peers that count complete frames without decoding (all of a frame's RTP packets,
from the one that starts it to the marker bit, with no gap), since decoding 20 × 720p on these 2 cores would starve
the sender. "Drawn" = frames the cabinet's frame loop made a second (each machine); kept up = every viewer ≥ 97% of
30 frames a second and ≤ 2% of the frame loop's ticks late. Per extra viewer = least-squares slope of sender cores
against viewers over the steps that kept up. Cabinets per core = 1 / (sender cores per cabinet) at the largest step
that kept up (none when no step kept up: a starved sender draws fewer frames and looks cheaper). "CPU ms a frame" = sender
cores / frames a second each machine's viewer received: the cost of a frame sent, which holds however busy the machine
(on a loaded machine a starved video process sends fewer frames, each for about the same CPU); its mean over the
cabinets steps gives the second "cabinets per core" figure, 1000 / (30 × ms). "Encode ms a frame": encode time per coded frame, forward: libx264 or libvpx through node-av
(\`SharedStreamStats.encodeMs\`, synchronous on the video process's main thread); per-viewer: libwebrtc's
\`totalEncodeTime\` / \`framesEncoded\` over every viewer's encoder (its own threads). "Viewers' cores": the viewer process's own CPU (near 1.0 the viewers, not the sender, may
limit the frame rate).

| path | codec | machines | viewers | viewers are | sender cores | cores per viewer | CPU ms a frame | encode ms a frame | fps received min / mean | drawn/s | kept up | viewers' cores | load |
|---|---|---:|---:|---|---:|---:|---:|---:|---|---:|---|---:|---:|
${rowsText(all)}`,
  );
  log('wrote docs/benchmarks.md and bench/video/path-figures.json');
}
setTimeout(() => process.exit(0), 200);
