// Child process of bench/latency/spin.mjs: the cross-check receiver. A libwebrtc peer (as a browser's
// WebRTC stack, without its page) joins the machine over the game socket, watches its 720p video over
// WHEP, presses SPIN N times and times each press (socket emit) → the first decoded frame whose reel
// area changed. Prints one JSON line per press, then `done`.
// Usage: node spin-peer.mjs <machineUrl> <machineId> <token> <presses> <gapMs>
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { register } from 'tsx/esm/api';

register();
const { decodeFrameStampFromLuma, stampCellSize } = await import('../../apps/machine/src/video/frame-stamp.ts');

const wrtc = createRequire(new URL('../../apps/machine/package.json', import.meta.url))('@roamhq/wrtc');
const [machineUrl, machineId, token, pressArg, gapArg] = process.argv.slice(2);
const PRESSES = Number(pressArg);
const GAP_MS = Number(gapArg);
const epoch = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

// The reel area at 1280x720 (frame-renderer.ts: five reels from x 120, 200 wide with 10 between, y 112 to 550),
// sampled every 8 px of the luma plane.
const REEL = { x0: 120, x1: 1160, y0: 112, y1: 550, step: 8 };
function reelLuma(frame) {
  const sx = frame.width / 1280;
  const sy = frame.height / 720;
  const values = [];
  for (let y = REEL.y0; y < REEL.y1; y += REEL.step)
    for (let x = REEL.x0; x < REEL.x1; x += REEL.step) values.push(frame.data[Math.floor(y * sy) * frame.width + Math.floor(x * sx)]);
  return values;
}
const changedShare = (a, b) => {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 30) changed++;
  return changed / a.length;
};

const socket = io(`${machineUrl}/machines/${machineId}`, { transports: ['websocket'], auth: { token } });
const ask = (event, payload) => new Promise((resolve) => socket.emit(event, payload, resolve));
await new Promise((resolve) => socket.once('connect', resolve));
const joined = await ask('init', { machineID: Number(machineId), token });
if (!joined.ok) throw new Error(`join failed: ${JSON.stringify(joined)}`);

const pc = new wrtc.RTCPeerConnection();
pc.addTransceiver('video', { direction: 'recvonly' });
let frames = 0;
let last = null;
/** While a press waits for its frame: the reel area before the press, and what to resolve. */
let waiting = null;
pc.ontrack = (event) => {
  const sink = new wrtc.nonstandard.RTCVideoSink(event.track);
  sink.onframe = ({ frame }) => {
    const at = epoch();
    frames++;
    const luma = reelLuma(frame);
    if (waiting && changedShare(waiting.base, luma) > 0.02) {
      const { resolve } = waiting;
      waiting = null;
      resolve({
        frameEpoch: at,
        stampClock: decodeFrameStampFromLuma(frame.data, frame.width, stampCellSize(frame.height))?.clockMs ?? null,
      });
    }
    last = luma;
  };
};
await pc.setLocalDescription(await pc.createOffer());
await sleep(300);
const res = await fetch(`${machineUrl}/machines/${machineId}/whep?band=720p`, {
  method: 'POST',
  headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
  body: pc.localDescription.sdp,
});
if (res.status !== 201) throw new Error(`WHEP ${res.status}: ${await res.text()}`);
await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
for (let i = 0; i < 200 && frames < 60; i++) await sleep(50);
if (frames < 60) throw new Error('the peer got no video');
await sleep(1500);

for (let i = 0; i < PRESSES; i++) {
  const frame = new Promise((resolve) => (waiting = { base: last, resolve }));
  const pressEpoch = epoch();
  const acked = ask('press', { button: 'SPIN' }).then((ack) => ({ ok: ack.ok, code: ack.code, ackEpoch: epoch() }));
  const seen = await Promise.race([frame, sleep(3000).then(() => null)]);
  waiting = null;
  const ack = await acked;
  out({ press: i, pressEpoch, ...ack, ...(seen ?? { frameEpoch: null }) });
  if (!ack.ok) break;
  await sleep(GAP_MS + Math.random() * 200);
}
out({ done: true, frames });
socket.close();
pc.close();
// libwebrtc may crash while tearing down at exit; the results are already out.
setTimeout(() => process.exit(0), 200);
