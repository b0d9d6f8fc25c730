// Child process of scale.mjs: WebRTC viewers of machine video, without a browser.
//   decode: libwebrtc peers (@roamhq/wrtc) that decode every frame and count them.
//   count:  werift peers that decode nothing: a frame counts when all its RTP packets arrived, from the one
//           that starts it (VP8: payload descriptor S=1, partition 0; H.264: the packet after the previous frame's
//           marker) to the one with the marker bit, with no gap. They offer H.264 (constrained baseline,
//           packetization mode 1) and VP8, as a browser does. Twenty 720p decoders would starve the sender on
//           two cores; counting costs next to nothing. libwebrtc (@roamhq/wrtc) has no H.264: decoding viewers get VP8.
// Usage: node viewer-pool.mjs '<json>' with { baseURL, route, machines: [id per viewer], band, kind, seconds, warmup }.
// Prints JSON lines: { event: 'measuring' } after the warm-up, { event: 'done', fps: [per viewer], cores, late } at the end
// (late: viewers without a frame 15 s after joining).
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../apps/machine/package.json', import.meta.url));
const { baseURL, route, machines, band, kind, seconds, warmup } = JSON.parse(process.argv[2]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** Posts the offer, returns the session's Location and the answer. */
async function whep(machineId, offerSdp) {
  const res = await fetch(`${baseURL}${route}/${machineId}/whep?band=${band}`, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: 'Bearer bench' },
    body: offerSdp,
  });
  if (res.status !== 201) throw new Error(`POST ${res.status} ${await res.text()}`);
  return { location: res.headers.get('location'), answer: await res.text() };
}

async function decodingViewer(machineId) {
  const wrtc = require('@roamhq/wrtc');
  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  const viewer = { frames: 0, location: null, close: () => pc.close() };
  let sink;
  pc.ontrack = (event) => {
    sink = new wrtc.nonstandard.RTCVideoSink(event.track);
    sink.onframe = () => viewer.frames++;
  };
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, 1000);
    pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && (clearTimeout(timer), resolve());
  });
  const { location, answer } = await whep(machineId, pc.localDescription.sdp);
  viewer.location = location;
  viewer.close = () => {
    sink?.stop();
    pc.close();
  };
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  return viewer;
}

async function countingViewer(machineId) {
  const { RTCPeerConnection, RTCRtpCodecParameters } = require('werift');
  const pc = new RTCPeerConnection({
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/VP8',
          clockRate: 90_000,
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
        }),
        new RTCRtpCodecParameters({
          mimeType: 'video/H264',
          clockRate: 90_000,
          parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
        }),
      ],
    },
  });
  pc.addTransceiver('video', { direction: 'recvonly' });
  const viewer = { frames: 0, location: null, close: () => pc.close() };
  const frames = new Map(); // RTP timestamp → { start, end, seqs, done }
  let h264 = false;
  let lastMarker = -1;
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      const ts = rtp.header.timestamp;
      let frame = frames.get(ts);
      if (!frame) {
        frame = { start: -1, end: -1, seqs: new Set(), done: false };
        frames.set(ts, frame);
        if (frames.size > 64) frames.delete(frames.keys().next().value);
      }
      if (frame.done) return;
      const seq = rtp.header.sequenceNumber;
      frame.seqs.add(seq);
      const descriptor = rtp.payload[0];
      if (h264 ? seq === ((lastMarker + 1) & 0xffff) : (descriptor & 0x10) !== 0 && (descriptor & 0x07) === 0) frame.start = seq;
      if (rtp.header.marker) frame.end = lastMarker = seq;
      if (frame.start >= 0 && frame.end >= 0 && frame.seqs.size === ((frame.end - frame.start + 65536) % 65536) + 1) {
        frame.done = true;
        viewer.frames++;
      }
    }),
  );
  await pc.setLocalDescription(await pc.createOffer());
  const { location, answer } = await whep(machineId, pc.localDescription.sdp);
  viewer.location = location;
  h264 = /^a=rtpmap:\d+ H264\/90000/m.test(answer);
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  return viewer;
}

const viewers = await Promise.all(machines.map((id) => (kind === 'count' ? countingViewer(id) : decodingViewer(id))));
// Many peers joining at once on busy cores take a while to connect (ICE, DTLS): the warm-up starts once every
// viewer has its first frame, or after 15 s (`late` says how many had none by then).
const joinedBy = performance.now() + 15_000;
while (viewers.some((v) => v.frames === 0) && performance.now() < joinedBy) await sleep(100);
const late = viewers.filter((v) => v.frames === 0).length;
await sleep(warmup * 1000);
say({ event: 'measuring' });
const start = viewers.map((v) => v.frames);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await sleep(seconds * 1000);
const elapsed = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
// Report before closing: the parent samples the sender while every session still runs. `cores`: this process's
// CPU (the viewers' own cost: when it nears one core, counting or decoding may be what limits the frame rate).
say({ event: 'done', fps: viewers.map((v, i) => (v.frames - start[i]) / elapsed), cores: (cpu.user + cpu.system) / 1e6 / elapsed, late });
await sleep(500);
for (const v of viewers) {
  await fetch(`${baseURL}${v.location}`, { method: 'DELETE', headers: { authorization: 'Bearer bench' } }).catch(() => {});
  await v.close();
}
// libwebrtc may crash while tearing down at exit; the result is already out.
setTimeout(() => process.exit(0), 200);
