import { STAMP_DECODER_JS } from './frame-stamp.ts';

/**
 * A bare WHEP viewer page for the end-to-end test and the latency bench (not the portal's player).
 * It exposes `window.viewer`: start({ endpoint, token, band: { id, width, height }, lowLatency, reader }),
 * stats(), markSpinPress(), stop(), syncClock(url).
 *
 * Every frame out of the decoder is read in a worker (`MediaStreamTrackProcessor`, reader 'worker', the
 * default where the browser has it): the frame stamp and the picture's brightness from the frame's Y plane,
 * with its RTP timestamp. requestVideoFrameCallback does no pixel work: it notes when each frame goes on
 * screen, and a frame's glass-to-glass latency pairs the two by RTP timestamp. Reading pixels back on the
 * page's main thread in the callback (reader 'canvas', as this page did before) delays the page's own
 * frames: a late callback reports only the latest frame, and the readback holds up the compositor it
 * measures. markSpinPress() still reads the middle reel on the main thread, only while a press waits.
 * start({ reader: 'canvas', stampEvery: n }) reads the stamp of every n-th frame only.
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
      videoSizes: {}, press: null, spinLatencies: [], reelDiffs: [], stampEvery: 1, receiveToDisplayAll: [], breakdown: [],
      reader: 'canvas', worker: null, shownByRtp: new Map(), stampsByRtp: new Map(), workerFrames: 0 };
  }
  reset();

  // The worker: each decoded frame's RTP timestamp, its stamp (from the Y plane's top-left corner) and, every
  // 10th frame, the mean luma of a 32x18 grid over the whole picture.
  async function workerMain(event) {
    var reader = event.data.readable.getReader(), buffer = new Uint8Array(0), count = 0;
    async function plane(frame, rect) {
      var size = frame.allocationSize({ rect: rect });
      if (buffer.length < size) buffer = new Uint8Array(size);
      return (await frame.copyTo(buffer, { rect: rect }))[0];
    }
    for (;;) {
      var next = await reader.read();
      if (next.done) return;
      var frame = next.value;
      try {
        var meta = frame.metadata ? frame.metadata() : {};
        var out = { rtp: meta.rtpTimestamp === undefined ? null : meta.rtpTimestamp, stamp: null, luma: null };
        if (/^(I420|I420A|NV12)$/.test(frame.format || '')) {
          var cell = stampCellSize(frame.codedHeight), side = Math.ceil(16 * cell / 2) * 2, tall = Math.ceil(4 * cell / 2) * 2;
          var y = await plane(frame, { x: 0, y: 0, width: side, height: tall });
          out.stamp = decodeFrameStampFromLuma(buffer.subarray(y.offset), y.stride, cell);
          if (count++ % 10 === 0) {
            y = await plane(frame, { x: 0, y: 0, width: frame.codedWidth, height: frame.codedHeight });
            var sum = 0;
            for (var gy = 0; gy < 18; gy++) for (var gx = 0; gx < 32; gx++)
              sum += buffer[y.offset + Math.floor((gy + 0.5) * frame.codedHeight / 18) * y.stride + Math.floor((gx + 0.5) * frame.codedWidth / 32)];
            out.luma = Math.max(0, (sum / 576 - 16) * 255 / 219);
          }
        }
        postMessage(out);
      } finally {
        frame.close();
      }
    }
  }
  var workerSource = [stampCellSize, readStamp, decodeFrameStampFromLuma].map(String).join('\\n') + '\\nonmessage = ' + String(workerMain) + ';';

  function note(stamp, shown) {
    s.decoded++;
    s.latencies.push(((Math.floor(shown.displayWall + s.clockOffset) >>> 0) - stamp.clockMs) | 0);
    if (shown.receiveTime) {
      s.receiveToDisplay.push(shown.expectedDisplayTime - shown.receiveTime);
      // Per-frame breakdown: drawn → last packet received (sender, pacer, network), decode, decoded → on screen.
      s.breakdown.push([s.latencies[s.latencies.length - 1],
        ((Math.floor(performance.timeOrigin + shown.receiveTime + s.clockOffset) >>> 0) - stamp.clockMs) | 0,
        (shown.processingDuration || 0) * 1000, shown.expectedDisplayTime - shown.receiveTime - (shown.processingDuration || 0) * 1000,
        // …of which handed to the compositor (presentationTime) → expected on screen.
        shown.presentationTime === undefined ? null : shown.expectedDisplayTime - shown.presentationTime]);
    }
    s.lastFrameNumbers.push(stamp.frame);
    if (s.lastFrameNumbers.length > 600) s.lastFrameNumbers.shift();
  }
  function forget(map) { if (map.size > 120) map.delete(map.keys().next().value); }

  function readInWorker(track) {
    var worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })));
    var processor = new MediaStreamTrackProcessor({ track: track.clone(), maxBufferSize: 10 });
    worker.postMessage({ readable: processor.readable }, [processor.readable]);
    worker.onmessage = function (event) {
      if (s.worker !== worker) return;
      var m = event.data;
      s.workerFrames++;
      if (m.luma !== null) s.lumas.push(m.luma);
      if (!m.stamp) { s.undecodable++; return; }
      if (m.rtp === null) return;
      var shown = s.shownByRtp.get(m.rtp);
      if (shown) { s.shownByRtp.delete(m.rtp); note(m.stamp, shown); }
      else { s.stampsByRtp.set(m.rtp, m.stamp); forget(s.stampsByRtp); }
    };
    s.worker = worker;
  }

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
    if (s.reader === 'worker') {
      var shown = { displayWall: displayWall, receiveTime: meta.receiveTime, processingDuration: meta.processingDuration, expectedDisplayTime: meta.expectedDisplayTime, presentationTime: meta.presentationTime };
      var read = meta.rtpTimestamp === undefined ? undefined : s.stampsByRtp.get(meta.rtpTimestamp);
      if (read) { s.stampsByRtp.delete(meta.rtpTimestamp); note(read, shown); }
      else if (meta.rtpTimestamp !== undefined) { s.shownByRtp.set(meta.rtpTimestamp, shown); forget(s.shownByRtp); }
      pressCheck(band, meta);
      schedule(gen);
      return;
    }
    var cell = stampCellSize(band.height), sw = 16 * cell, sh = 4 * cell, scale = vh / band.height;
    var stamp = null;
    if (s.frames % s.stampEvery === 0) {
      if (stampCanvas.width !== sw) { stampCanvas.width = sw; stampCanvas.height = sh; }
      stampCtx.drawImage(video, 0, 0, sw * scale, sh * scale, 0, 0, sw, sh);
      stamp = decodeFrameStamp(stampCtx.getImageData(0, 0, sw, sh).data, sw, cell);
    }
    if (stamp) {
      note(stamp, { displayWall: displayWall, receiveTime: meta.receiveTime, processingDuration: meta.processingDuration, expectedDisplayTime: meta.expectedDisplayTime, presentationTime: meta.presentationTime });
    } else if (s.frames % s.stampEvery === 0) {
      s.undecodable++;
    }
    if (s.frames % 10 === 0) {
      probeCtx.drawImage(video, 0, 0, 32, 18);
      var px = probeCtx.getImageData(0, 0, 32, 18).data, luma = 0;
      for (var i = 0; i < px.length; i += 4) luma += (px[i] * 2 + px[i + 1] * 5 + px[i + 2]) / 8;
      s.lumas.push(luma / (px.length / 4));
    }
    pressCheck(band, meta);
    schedule(gen);
  }
  function pressCheck(band, meta) {
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
      s.reader = opts.reader || (typeof MediaStreamTrackProcessor === 'function' ? 'worker' : 'canvas');
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
      pc.ontrack = function (event) {
        video.srcObject = new MediaStream([event.track]);
        if (s.reader === 'worker') readInWorker(event.track);
      };
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
        reader: s.reader, workerFrames: s.workerFrames, connectionState: s.pc ? s.pc.connectionState : 'closed' };
    },
    stop: async function () {
      var status = null;
      if (s.location) {
        var headers = {};
        if (s.token) headers.Authorization = 'Bearer ' + s.token;
        status = (await fetch(s.location, { method: 'DELETE', headers: headers })).status;
      }
      if (s.pc) s.pc.close();
      if (s.worker) s.worker.terminate();
      s.pc = null;
      s.worker = null;
      video.srcObject = null;
      return status;
    },
  };
})();
</script>
</body></html>`;
