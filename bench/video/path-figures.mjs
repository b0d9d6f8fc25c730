// The headline table of issue 25 in docs/benchmarks.md ("## Video (bench/video)"): each figure for the forward
// path (one encode per cabinet, forwarded) and the per-viewer path (one libwebrtc encoder per viewer), both
// measured in one run of the bench that owns the figure. Benches record their rows in path-figures.json (kept
// with the code, so the table survives a run of another bench) and the table is written again from all of them.
import fs from 'node:fs';
import os from 'node:os';
import { writeSubsection } from '../lib/benchmarks-doc.mjs';

const store = new URL('./path-figures.json', import.meta.url);
export const VIDEO_HEADING = '## Video (bench/video)';
export const PATHS_SUBHEADING = '### Forward against per-viewer (issue 25)';
export const SCALE_SUBHEADING = '### Scaling, both paths in one run (bench/video/scale.mjs)';

/** The rows, in order: what is measured, the goal, the figure recorded before issue 25, and the bench that measures it. */
const ROWS = [
  {
    key: 'cpuPerViewer',
    figure: 'Sender CPU per extra viewer, one spinning 720p30 machine (1 → 10 viewers)',
    goal: '≤ 0.01 core (forward)',
    before: '0.13–0.17 core (per-viewer, 2026-11-27)',
    bench: 'bench/video/scale.mjs',
  },
  {
    key: 'cabinetsPerCore',
    figure: 'Spinning 720p30 cabinets per sender core, one viewer each',
    goal: '≥ 8',
    before: '4.3 (per-viewer, 2026-11-27)',
    bench: 'bench/video/scale.mjs',
  },
  {
    key: 'fanout20',
    figure: 'One spinning 720p30 cabinet, 20 viewers: complete frames a second each viewer receives, min / mean',
    goal: '30 for every viewer',
    before: 'not measured',
    bench: 'bench/video/scale.mjs',
  },
  {
    key: 'spinClick',
    figure: "Spin click → moving reels on the player's page, p50 / p95",
    goal: 'no worse than 28.5 / 58.5 ms',
    before: '28.5 / 58.5 ms (per-viewer with the field trials, 2026-11-27)',
    bench: 'bench/latency/spin.mjs',
  },
  {
    key: 'spinLaunches',
    figure: "Spin click → moving reels on the player's page, launches alternating with the code before issue 25, presses pooled, p50 / p95",
    goal: 'no worse than the code before',
    before: 'measured in the same run',
    bench: 'bench/latency/spin-launches.mjs',
  },
  {
    key: 'playClick',
    figure: 'Play click → picture, cold, p50 / p95',
    goal: '≤ 400 ms, the first frame a keyframe sent at once',
    before: '422 / 440 ms (per-viewer, 2026-11-27)',
    bench: 'bench/latency/play.mjs',
  },
  {
    key: 'glassToGlass',
    figure: 'Glass-to-glass from a captured source (ffmpeg), 720p30, p50 / p95',
    goal: '≤ 50 / 80 ms',
    before: 'not measured (no capture input)',
    bench: 'bench/video/glass.mjs',
  },
];

function read() {
  try {
    return JSON.parse(fs.readFileSync(store, 'utf8'));
  } catch {
    return {};
  }
}

/** Today's date and the 1-minute load average, for a row's "when" column. */
export function when(loads) {
  return { date: new Date().toISOString().slice(0, 10), load: loads ?? os.loadavg()[0].toFixed(1) };
}

/**
 * Records one figure, `{ forward, perViewer, date, load, note?, before? }` with the figures as text (`before`: the
 * code before issue 25 measured in the same run, in place of the row's recorded figure), then writes the
 * headline table into docs/benchmarks.md (the other subsections of the Video section stay as they are).
 */
export function recordPathFigure(key, figure, { write = true } = {}) {
  if (!ROWS.some((row) => row.key === key)) throw new Error(`unknown figure ${key}`);
  const all = { ...read(), [key]: figure };
  fs.writeFileSync(store, `${JSON.stringify(all, null, 2)}\n`);
  if (write) writeSubsection(VIDEO_HEADING, null, PATHS_SUBHEADING, pathTable(all), { first: true });
}

function pathTable(all) {
  const rows = ROWS.map((row) => {
    const f = all[row.key];
    const measured = f ? `${f.date}, load ${f.load}${f.note ? `; ${f.note}` : ''}` : 'not run yet';
    return `| ${row.figure} | ${row.goal} | ${f?.before ?? row.before} | ${f?.forward ?? '–'} | ${f?.perViewer ?? '–'} | ${measured} | ${row.bench} |`;
  });
  return `\`MACHINE_VIDEO_PATH=forward\` (the default since issue 25): each cabinet picture is drawn once and coded once
per codec in use (node-av: libx264 H.264 for browsers that offer it, \`MACHINE_VIDEO_CODEC=h264\`, the default; libvpx VP8
otherwise), and its RTP packets go to every viewer's werift peer connection; the forward column gives both codecs where
the bench measured both (figures before the H.264 encoder are VP8). \`per-viewer\`: the path before,
one libwebrtc (@roamhq/wrtc) encoder per viewer, now without the field trials (field-trials.ts is gone: no zero playout
delay header and no bursty pacer on that path). Each row's two figures come from one run of its bench, the two paths
taken in turn (same load); "load" is the 1-minute load average during that run (2 shared cores: above ~3 the figures
are noisy, CPU high rather than low). The column "before issue 25" is the figure recorded earlier, with its date.
The scale.mjs run before the H.264 encoder, VP8 only, on a quieter machine (2026-11-29, load 1.3–2.6): forward 0.009 core
per extra viewer, 4.3 cabinets a core (kept up with 4), 20 viewers at 30 / 30.1 fps; per-viewer 0.135 core, 4.1, 16 / 16.1 fps.
Under load 8–13 no path keeps 30 fps with 2 or more spinning cabinets: there the CPU a frame sent is the figure to compare.

| figure | goal | before issue 25 | forward | per-viewer | measured (date, load) | bench |
|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}
