// Child process of run.mjs: N WebRTC viewers (libwebrtc, no browser) that count decoded frames.
// Usage: node receivers.mjs <baseURL> <machineIdPrefix> <count> <band|cabinet> <seconds> <warmupSeconds> [routePrefix, default /machines]
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../apps/machine/package.json', import.meta.url));
const wrtc = require('@roamhq/wrtc');

const [baseURL, prefix, countText, band, secondsText, warmupText, route = '/machines'] = process.argv.slice(2);
const count = Number(countText);
const seconds = Number(secondsText);
const warmup = Number(warmupText);
const viewers = [];

async function join(i) {
  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  const viewer = { pc, frames: 0, sink: null, location: null };
  pc.ontrack = (event) => {
    viewer.sink = new wrtc.nonstandard.RTCVideoSink(event.track);
    viewer.sink.onframe = () => viewer.frames++;
  };
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, 1000);
    pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && (clearTimeout(timer), resolve());
  });
  // `cabinet`: the cabinet camera (docs/video.md "Cabinet camera"), not a band.
  const picture = band === 'cabinet' ? 'camera=cabinet' : `band=${band}`;
  const res = await fetch(`${baseURL}${route}/${prefix}${i}/whep?${picture}`, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: 'Bearer bench' },
    body: pc.localDescription.sdp,
  });
  if (res.status !== 201) throw new Error(`POST ${res.status} ${await res.text()}`);
  viewer.location = res.headers.get('location');
  await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  viewers.push(viewer);
}

await Promise.all(Array.from({ length: count }, (_, i) => join(i)));
await new Promise((r) => setTimeout(r, warmup * 1000));
process.stdout.write(JSON.stringify({ event: 'measuring' }) + '\n');
const start = viewers.map((v) => v.frames);
const t0 = performance.now();
await new Promise((r) => setTimeout(r, seconds * 1000));
const elapsed = (performance.now() - t0) / 1000;
const fps = viewers.map((v, i) => (v.frames - start[i]) / elapsed);
// Report before closing: the parent samples the sender's threads while the sessions (and their encoders) still run.
process.stdout.write(JSON.stringify({ event: 'done', fps }) + '\n');
await new Promise((r) => setTimeout(r, 500));
for (const v of viewers) {
  v.sink?.stop();
  await fetch(`${baseURL}${v.location}`, { method: 'DELETE', headers: { authorization: 'Bearer bench' } }).catch(() => {});
  v.pc.close();
}
// libwebrtc may crash while tearing down at exit; the result is already out.
setTimeout(() => process.exit(0), 200);
