import { STAMP_DECODER_JS } from './frame-stamp.ts';

/**
 * A bare WHEP viewer page for the end-to-end test and the latency bench (not the portal's player).
 * It exposes `window.viewer`: start({ endpoint, token, band: { id, width, height }, lowLatency }),
 * stats(), markSpinPress(), stop(), syncClock(url). Every decoded frame is read back on a canvas in
 * requestVideoFrameCallback: the frame stamp gives the glass-to-glass latency, a few pixels give
 * the picture's brightness and whether the middle reel moved. start({ stampEvery: n }) reads the
 * stamp of every n-th frame only (to check that reading it does not itself add latency:
 * receiveToDisplay is recorded for every frame).
 */
export const WHEP_TEST_PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>WHEP viewer</title></head>
<body style="margin:0;background:#111">
<video id="video" autoplay muted playsinline style="width:640px;height:360px"></video>
<script>
${STAMP_DECODER_JS}
(function () {
  var video = document.getElementById('video');
  var stampCanvas = document.createElement('canvas');
  var stampCtx = stampCanvas.getContext('2d', { willReadFrequently: true });
  var probeCanvas = document.createElement('canvas');
  probeCanvas.width = 32; probeCanvas.height = 18;
  var probeCtx = probeCanvas.getContext('2d', { willReadFrequently: true });
  var reelCanvas = document.createElement('canvas');
  reelCanvas.width = 16; reelCanvas.height = 40;
  var reelCtx = reelCanvas.getContext('2d', { willReadFrequently: true });
  var wall = function () { return performance.timeOrigin + performance.now(); };
  var s;
  function reset() {
    s = { pc: null, location: null, token: null, band: null, clockOffset: 0, joinStartedAt: 0, firstFrameMs: null,
      frames: 0, decoded: 0, undecodable: 0, latencies: [], receiveToDisplay: [], lastFrameNumbers: [], lumas: [],
      videoSizes: {}, press: null, spinLatencies: [], reelDiffs: [], stampEvery: 1, receiveToDisplayAll: [], breakdown: [] };
  }
  reset();

  function sampleReel(band) {
    var vw = video.videoWidth, vh = video.videoHeight;
    var x = vw * (120 + 2 * 210 + 90) / 1280, y = vh * 120 / 720, w = vw * 20 / 1280, h = vh * 420 / 720;
    reelCtx.drawImage(video, x, y, w, h, 0, 0, 16, 40);
    return reelCtx.getImageData(0, 0, 16, 40).data;
  }
  function diff(a, b) {
    var sum = 0;
    for (var i = 0; i < a.length; i += 4) sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
    return sum / (a.length / 4) / 3;
  }

  var generation = 0;
  function schedule(gen) {
    video.requestVideoFrameCallback(function (now, meta) { onFrame(gen, now, meta); });
  }
  function onFrame(gen, now, meta) {
    if (!s.pc || gen !== generation) return;
    s.frames++;
    var displayWall = performance.timeOrigin + meta.expectedDisplayTime;
    if (s.firstFrameMs === null) s.firstFrameMs = displayWall - s.joinStartedAt;
    var band = s.band;
    var vw = video.videoWidth, vh = video.videoHeight;
    s.videoSizes[vw + 'x' + vh] = (s.videoSizes[vw + 'x' + vh] || 0) + 1;
    if (meta.receiveTime) s.receiveToDisplayAll.push(meta.expectedDisplayTime - meta.receiveTime);
    var cell = stampCellSize(band.height), sw = 16 * cell, sh = 4 * cell, scale = vh / band.height;
    var stamp = null;
    if (s.frames % s.stampEvery === 0) {
      if (stampCanvas.width !== sw) { stampCanvas.width = sw; stampCanvas.height = sh; }
      stampCtx.drawImage(video, 0, 0, sw * scale, sh * scale, 0, 0, sw, sh);
      stamp = decodeFrameStamp(stampCtx.getImageData(0, 0, sw, sh).data, sw, cell);
    }
    if (stamp) {
      s.decoded++;
      s.latencies.push(((Math.floor(displayWall + s.clockOffset) >>> 0) - stamp.clockMs) | 0);
      if (meta.receiveTime) s.receiveToDisplay.push(meta.expectedDisplayTime - meta.receiveTime);
      // Per-frame breakdown: drawn → last packet received (sender, pacer, network), decode, decoded → on screen.
      if (meta.receiveTime) s.breakdown.push([s.latencies[s.latencies.length - 1],
        ((Math.floor(performance.timeOrigin + meta.receiveTime + s.clockOffset) >>> 0) - stamp.clockMs) | 0,
        (meta.processingDuration || 0) * 1000, meta.expectedDisplayTime - meta.receiveTime - (meta.processingDuration || 0) * 1000]);
      s.lastFrameNumbers.push(stamp.frame);
      if (s.lastFrameNumbers.length > 600) s.lastFrameNumbers.shift();
    } else if (s.frames % s.stampEvery === 0) {
      s.undecodable++;
    }
    if (s.frames % 10 === 0) {
      probeCtx.drawImage(video, 0, 0, 32, 18);
      var px = probeCtx.getImageData(0, 0, 32, 18).data, luma = 0;
      for (var i = 0; i < px.length; i += 4) luma += (px[i] * 2 + px[i + 1] * 5 + px[i + 2]) / 8;
      s.lumas.push(luma / (px.length / 4));
    }
    if (s.press) {
      var reel = sampleReel(band);
      if (!s.press.reference) s.press.reference = reel;
      else if (!s.press.done) {
        var d = diff(reel, s.press.reference);
        s.reelDiffs.push(d);
        if (d > 12) { s.press.done = true; s.spinLatencies.push(performance.timeOrigin + meta.expectedDisplayTime - s.press.at); }
        if (!s.press.done && performance.timeOrigin + meta.expectedDisplayTime - s.press.at > 1000) s.press.done = true;
      }
    }
    schedule(gen);
  }

  function iceComplete(pc, timeoutMs) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === 'complete') return resolve();
      var timer = setTimeout(resolve, timeoutMs);
      pc.addEventListener('icegatheringstatechange', function () {
        if (pc.iceGatheringState === 'complete') { clearTimeout(timer); resolve(); }
      });
    });
  }

  window.viewer = {
    syncClock: async function (url) {
      var best = null;
      for (var i = 0; i < 10; i++) {
        var t0 = wall();
        var body = await (await fetch(url, { cache: 'no-store' })).json();
        var t1 = wall();
        if (!best || t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: body.now - (t0 + t1) / 2 };
      }
      s.clockOffset = best.offset;
      return best;
    },
    start: async function (opts) {
      var offset = s.clockOffset;
      reset();
      s.clockOffset = offset;
      s.band = opts.band;
      s.stampEvery = Math.max(1, opts.stampEvery || 1);
      s.token = opts.token || null;
      s.joinStartedAt = wall();
      var pc = new RTCPeerConnection({ iceServers: [] });
      s.pc = pc;
      var transceiver = pc.addTransceiver('video', { direction: 'recvonly' });
      if (opts.lowLatency !== false) {
        // Render frames as soon as they are decoded: no jitter-buffer target beyond what the network needs.
        if ('jitterBufferTarget' in transceiver.receiver) transceiver.receiver.jitterBufferTarget = 0;
        if ('playoutDelayHint' in transceiver.receiver) transceiver.receiver.playoutDelayHint = 0;
      }
      pc.ontrack = function (event) { video.srcObject = new MediaStream([event.track]); };
      await pc.setLocalDescription(await pc.createOffer());
      await iceComplete(pc, 1000);
      var headers = { 'Content-Type': 'application/sdp' };
      if (s.token) headers.Authorization = 'Bearer ' + s.token;
      var res = await fetch(opts.endpoint + '?band=' + encodeURIComponent(opts.band.id), { method: 'POST', headers: headers, body: pc.localDescription.sdp });
      if (res.status !== 201) return { status: res.status, body: await res.text() };
      s.location = res.headers.get('Location');
      await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
      generation++;
      schedule(generation);
      return { status: res.status, location: s.location };
    },
    receiverStats: async function () {
      if (!s.pc) return null;
      var out = null;
      (await s.pc.getStats()).forEach(function (r) { if (r.type === 'inbound-rtp' && r.kind === 'video') out = r; });
      return out;
    },
    markSpinPress: function () { s.press = { at: wall(), reference: null, done: false }; },
    stats: function () {
      return { frames: s.frames, decoded: s.decoded, undecodable: s.undecodable, firstFrameMs: s.firstFrameMs,
        latencies: s.latencies.slice(), receiveToDisplay: s.receiveToDisplay.slice(), receiveToDisplayAll: s.receiveToDisplayAll.slice(), frameNumbers: s.lastFrameNumbers.slice(),
        lumas: s.lumas.slice(), videoSizes: s.videoSizes, breakdown: s.breakdown.slice(), spinLatencies: s.spinLatencies.slice(), reelDiffs: s.reelDiffs.slice(-5),
        connectionState: s.pc ? s.pc.connectionState : 'closed' };
    },
    stop: async function () {
      var status = null;
      if (s.location) {
        var headers = {};
        if (s.token) headers.Authorization = 'Bearer ' + s.token;
        status = (await fetch(s.location, { method: 'DELETE', headers: headers })).status;
      }
      if (s.pc) s.pc.close();
      s.pc = null;
      video.srcObject = null;
      return status;
    },
  };
})();
</script>
</body></html>`;
