// One spinning 720p frame's cost on the forward path, stage by stage (issue 25: cabinets per core): draw
// (FrameRenderer, which composes the frame in I420: no RGBA → I420 conversion is left), encode (libvpx VP8
// cpu-used 16, against libx264 ultrafast/zerolatency constrained baseline), packetize + one viewer's forwarding
// (parse, header extension, SRTP). Each stage: wall ms a frame (p50) and CPU ms a frame (process.cpuUsage over
// the stage's frames: the encoders run on libuv's threads, which it counts).
import { loadavg } from 'node:os';
import { register } from 'tsx/esm/api';
import { machineLine, percentile, writeSubsection } from '../lib/benchmarks-doc.mjs';
import { VIDEO_HEADING } from './path-figures.mjs';

const HELP = `Usage: node bench/video/stages.mjs [--frames <n>] [--band 720p|480p|360p] [--no-write] [--help]

Draws a cabinet whose reels spin nonstop (no frame stamp) and takes the same frames through every stage:
  draw        FrameRenderer.render (the I420 picture the encoders take)
  encode      libvpx VP8 (Vp8Encoder, today) and libx264 H.264 (H264Encoder), band start/max bitrate
  packetize   Vp8Packetizer / werift's H264Packetizer
  forward     one viewer: RtpPacket parse, playout-delay extension, serialize, SRTP (werift's SrtpSession)
  --frames <n>  frames per stage (default 300, after 30 of warm-up)
  --no-write    print only; otherwise the table goes to docs/benchmarks.md ("Video")`;
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const FRAMES = Number(option('--frames', 300));
const WARMUP = 30;
const write = !args.includes('--no-write');

register();
const video = await import('../../apps/machine/src/video/index.ts');
const { i420Size } = await import('../../apps/machine/src/video/wrtc.ts');
const { Vp8Encoder } = await import('../../apps/machine/src/video/vp8-encoder.ts');
const { H264Encoder } = await import('../../apps/machine/src/video/h264-encoder.ts');
const { Vp8Packetizer } = await import('../../apps/machine/src/video/vp8-packetizer.ts');
const { H264Packetizer, RtpPacket, SrtpSession, ProtectionProfileAes128CmHmacSha1_80 } = await import('werift');

const band = video.VIDEO_BANDS.find((b) => b.id === option('--band', '720p'));
const { width: W, height: H } = band;
const startLoad = loadavg()[0].toFixed(1);
const log = (...a) => console.log('[bench:video-stages]', ...a);

/** Times one call: wall ms and CPU ms (process.cpuUsage, every thread), added to `into` once past the warm-up. */
async function timed(into, i, fn) {
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const result = await fn();
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  if (i >= WARMUP) {
    into.wall.push(wall);
    into.cpuMs += (cpu.user + cpu.system) / 1000;
  }
  return result;
}
const stage = () => ({ wall: [], cpuMs: 0 });
/** p50 / p95 wall ms and mean CPU ms a frame. */
function summary(s) {
  const wall = [...s.wall].sort((a, b) => a - b);
  return { p50: percentile(wall, 50), p95: percentile(wall, 95), cpu: s.cpuMs / wall.length };
}

// The frames: a cabinet spinning nonstop, 33 ms of travel a frame, drawn into the renderer's one buffer as the
// frame loop does; each I420 picture is then copied (untimed) into memory touched beforehand, for the encoders.
const view = {
  ...video.idleCabinetState('Stages'),
  credit: 1_234_567,
  bet: 500,
  spinning: true,
  spinStartedAt: 0,
  reelStopMs: [1e9, 1e9, 1e9, 1e9, 1e9],
  status: 'spinning',
};
const renderer = new video.FrameRenderer(W, H);
const TOTAL = WARMUP + FRAMES;
const size = i420Size(W, H);
const i420 = Array.from({ length: TOTAL }, () => new Uint8ClampedArray(size).fill(1));
const drawing = stage();
for (let i = 0; i < TOTAL; i++) {
  const frame = await timed(drawing, i, () => renderer.render(view, 1_000 + i * (1000 / band.fps)));
  i420[i].set(frame.i420.data);
}
const draw = summary(drawing);
log(`draw (I420) ${draw.p50.toFixed(2)} ms p50, CPU ${draw.cpu.toFixed(2)} ms a frame`);

const encoderOptions = { width: W, height: H, fps: band.fps, bitrate: band.startBitrate, maxBitrate: band.maxBitrate };
const codecs = [
  { name: 'VP8 (libvpx, cpu-used 16, screen content)', encoder: new Vp8Encoder(encoderOptions), packetizer: () => new Vp8Packetizer() },
  {
    name: 'H.264 (libx264 ultrafast, zerolatency, constrained baseline)',
    encoder: new H264Encoder(encoderOptions),
    packetizer: () => new H264Packetizer(),
  },
];
const keys = {
  localMasterKey: Buffer.alloc(16, 1),
  localMasterSalt: Buffer.alloc(14, 2),
  remoteMasterKey: Buffer.alloc(16, 3),
  remoteMasterSalt: Buffer.alloc(14, 4),
};
for (const codec of codecs) {
  const coded = [];
  let bytes = 0;
  const encode = stage();
  for (let i = 0; i < TOTAL; i++) {
    coded[i] = await timed(encode, i, () => codec.encoder.encode(i420[i], Math.round(i * (90_000 / band.fps)), i === 0));
    if (i >= WARMUP) bytes += coded[i].reduce((a, f) => a + f.data.length, 0);
  }
  codec.encode = summary(encode);
  codec.encoder.close();
  codec.kbps = (bytes * 8 * band.fps) / FRAMES / 1000;
  const packetizer = codec.packetizer();
  const packets = [];
  const packetize = stage();
  for (let i = 0; i < TOTAL; i++)
    packets[i] = await timed(packetize, i, () =>
      coded[i].flatMap((f) =>
        packetizer instanceof Vp8Packetizer
          ? packetizer.packetize(f.data, i * 3000)
          : packetizer.packetize(f.data, i * 3000).map((p) => p.serialize()),
      ),
    );
  codec.packetize = summary(packetize);
  const srtp = new SrtpSession({ keys, profile: ProtectionProfileAes128CmHmacSha1_80 });
  let sequence = 0;
  const forward = stage();
  for (let i = 0; i < TOTAL; i++)
    await timed(forward, i, () => {
      for (const bytes of packets[i]) {
        const packet = RtpPacket.deSerialize(bytes);
        packet.header.sequenceNumber = sequence++ & 0xffff;
        packet.header.ssrc = 1234;
        packet.header.extensions = [{ id: 3, payload: Buffer.from([0, 0, 0]) }];
        packet.header.extension = true;
        srtp.encrypt(packet.payload, packet.header);
      }
    });
  codec.forward = summary(forward);
  codec.packets = packets.slice(WARMUP).reduce((a, p) => a + p.length, 0) / FRAMES;
  log(
    `${codec.name}: encode ${codec.encode.p50.toFixed(2)} ms p50 (p95 ${codec.encode.p95.toFixed(2)}), CPU ${codec.encode.cpu.toFixed(2)} ms; ${Math.round(codec.kbps)} kbit/s; packetize CPU ${codec.packetize.cpu.toFixed(3)} ms; forward (1 viewer, ${codec.packets.toFixed(1)} packets) CPU ${codec.forward.cpu.toFixed(3)} ms`,
  );
}
const endLoad = loadavg()[0].toFixed(1);
const [vp8, h264] = codecs;
const total = (codec) => draw.cpu + codec.encode.cpu + codec.packetize.cpu + codec.forward.cpu;
const rows = [
  ['draw + VP8', total(vp8)],
  ['draw + H.264', total(h264)],
];
for (const [name, ms] of rows)
  log(`${name}: ${ms.toFixed(2)} ms CPU a frame → at most ${(1000 / band.fps / ms).toFixed(1)} cabinets a core`);

const f = (m) => `${m.p50.toFixed(2)} | ${m.cpu.toFixed(2)}`;
if (write) {
  writeSubsection(
    VIDEO_HEADING,
    null,
    `### One spinning ${band.id} frame, stage by stage (bench/video/stages.mjs)`,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()} (${startLoad} at the start, ${endLoad} at the end; the machine was
shared with other work). \`node bench/video/stages.mjs\`: the same ${FRAMES} frames of a cabinet spinning nonstop (no frame stamp,
after ${WARMUP} of warm-up) through each stage in turn, in one process; wall = p50 of each frame's time, CPU = \`process.cpuUsage()\`
over the stage / frames (all threads: the encoders run on libuv's). "Forward" is one viewer's share: parse, header
extension, SRTP (werift), without the UDP send.

| stage | variant | wall ms p50 | CPU ms a frame |
|---|---|---:|---:|
| draw | FrameRenderer (I420, no conversion) | ${f(draw)} |
| encode | ${vp8.name}, ${Math.round(vp8.kbps)} kbit/s | ${f(vp8.encode)} |
| encode | ${h264.name}, ${Math.round(h264.kbps)} kbit/s | ${f(h264.encode)} |
| packetize | VP8 (Vp8Packetizer) | ${f(vp8.packetize)} |
| packetize | H.264 (werift H264Packetizer) | ${f(h264.packetize)} |
| forward, 1 viewer | VP8, ${vp8.packets.toFixed(1)} packets a frame | ${f(vp8.forward)} |
| forward, 1 viewer | H.264, ${h264.packets.toFixed(1)} packets a frame | ${f(h264.forward)} |

${rows.map(([name, ms]) => `- ${name}: ${ms.toFixed(2)} ms CPU a frame, at most ${(1000 / band.fps / ms).toFixed(1)} cabinets a core at ${band.fps} fps (stages only: no frame loop, IPC or UDP)`).join('\n')}`,
  );
  log('wrote docs/benchmarks.md');
}
