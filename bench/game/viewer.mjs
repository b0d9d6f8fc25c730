// Child process of bench/game/run.mjs: watches a machine's 720p video over WHEP (libwebrtc decodes
// it, as a browser would, outside the process that measures presses) until stdin closes, then prints
// how many frames it decoded.
// Usage: node viewer.mjs <machineUrl> <machineId> <token>
import { createRequire } from 'node:module';

const wrtc = createRequire(new URL('../../apps/machine/package.json', import.meta.url))('@roamhq/wrtc');
const [machineUrl, machineId, token] = process.argv.slice(2);
const pc = new wrtc.RTCPeerConnection();
pc.addTransceiver('video', { direction: 'recvonly' });
let frames = 0;
let sink = null;
pc.ontrack = (event) => {
  sink = new wrtc.nonstandard.RTCVideoSink(event.track);
  sink.onframe = () => {
    frames++;
    if (frames === 30) process.stdout.write('playing\n');
  };
};
await pc.setLocalDescription(await pc.createOffer());
await new Promise((resolve) => setTimeout(resolve, 300));
const res = await fetch(`${machineUrl}/machines/${machineId}/whep?band=720p`, {
  method: 'POST',
  headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
  body: pc.localDescription.sdp,
});
if (res.status !== 201) {
  process.stderr.write(`WHEP ${res.status}: ${await res.text()}\n`);
  process.exit(1);
}
await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
process.stdin.resume();
process.stdin.on('end', () => {
  process.stdout.write(`frames ${frames}\n`);
  sink?.stop();
  pc.close();
  // libwebrtc may crash while tearing down at exit; the result is already out.
  setTimeout(() => process.exit(0), 200);
});
