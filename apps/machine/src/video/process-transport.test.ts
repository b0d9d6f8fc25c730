import { H264RtpPayload, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { afterEach, describe, expect, it } from 'vitest';
import { findBand } from '@reelcast/protocol';
import { idleCabinetState } from './cabinet-state.ts';
import { decodeFrameStamp, stampCellSize } from './frame-stamp.ts';
import { ProcessVideoTransport } from './process-transport.ts';
import { SdpError } from './sdp.ts';
import type { SharedStreamStats } from './shared-stream.ts';
import { wrtc } from './wrtc.ts';

const band = findBand('360p')!;
let transport: ProcessVideoTransport | undefined;

afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

/** A libwebrtc viewer in this process: offers to receive video and counts decoded frames. */
async function viewer(t: ProcessVideoTransport, machineId: string, fps = band.fps, tag?: string) {
  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  const counted = { frames: 0, sizes: new Set<string>(), stamped: 0 };
  type Frame = { width: number; height: number; data: Uint8ClampedArray };
  let sink: { stop(): void; onframe: ((event: { frame: Frame }) => void) | null } | undefined;
  const native = wrtc.nonstandard as unknown as {
    RTCVideoSink: new (track: MediaStreamTrack) => NonNullable<typeof sink>;
    i420ToRgba(i420: Frame, rgba: Frame): void;
  };
  let rgba = new Uint8ClampedArray(0);
  pc.ontrack = (event) => {
    sink = new native.RTCVideoSink(event.track);
    sink.onframe = ({ frame }) => {
      counted.frames++;
      counted.sizes.add(`${frame.width}x${frame.height}`);
      if (rgba.length !== frame.width * frame.height * 4) rgba = new Uint8ClampedArray(frame.width * frame.height * 4);
      native.i420ToRgba(frame, { width: frame.width, height: frame.height, data: rgba });
      if (decodeFrameStamp(rgba, frame.width, stampCellSize(frame.height))) counted.stamped++;
    };
  };
  await pc.setLocalDescription(await pc.createOffer());
  await waitFor(() => pc.iceGatheringState === 'complete', 2_000).catch(() => {});
  const session = await t.createSession({
    machineId,
    band: { ...band, fps },
    offerSdp: pc.localDescription!.sdp,
    ...(tag ? { viewer: tag } : {}),
  });
  await pc.setRemoteDescription({ type: 'answer', sdp: session.answerSdp });
  return {
    pc,
    session,
    counted,
    stop() {
      sink?.stop();
      pc.close();
    },
  };
}

/**
 * A viewer whose offer has H.264 (constrained baseline, packetization mode 1) and VP8, as a browser's has
 * (werift: libwebrtc here has no H.264). It keeps the payload of every RTP packet it gets.
 */
async function h264Viewer(t: ProcessVideoTransport, machineId: string) {
  const feedback = [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }];
  const pc = new RTCPeerConnection({
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/H264',
          clockRate: 90_000,
          parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
          rtcpFeedback: feedback,
        }),
        new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90_000, rtcpFeedback: feedback }),
      ],
    },
  });
  pc.addTransceiver('video', { direction: 'recvonly' });
  const payloads: Buffer[] = [];
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => void payloads.push(rtp.payload)));
  await pc.setLocalDescription(await pc.createOffer());
  const session = await t.createSession({ machineId, band, offerSdp: pc.localDescription!.sdp });
  await pc.setRemoteDescription({ type: 'answer', sdp: session.answerSdp });
  return { pc, session, payloads };
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('ProcessVideoTransport (the video process)', () => {
  it('streams a machine from a child process, coded once for all its viewers (the forward path, the default)', async () => {
    transport = new ProcessVideoTransport({});
    transport.publish('7', { ...idleCabinetState('Seven'), credit: 12_345 });
    await transport.start();
    expect(transport.pid).toBeGreaterThan(0);
    expect(transport.pid).not.toBe(process.pid);
    expect(transport.path).toBe('forward');

    const v = await viewer(transport, '7');
    const w = await viewer(transport, '7');
    expect(v.session.answerSdp).toContain('VP8');
    // The agent is the DTLS server: the viewer leads the handshake as soon as its ICE check succeeds.
    expect(v.session.answerSdp).toMatch(/^a=setup:passive\r?$/m);
    expect(v.session.answerSdp).not.toMatch(/^a=setup:active/m);
    expect(v.session.machineId).toBe('7');
    await waitFor(() => v.session.state === 'connected' && w.session.state === 'connected', 10_000);
    await waitFor(() => v.counted.frames >= 15 && w.counted.frames >= 15, 10_000);
    expect([...v.counted.sizes]).toEqual(['640x360']);
    expect(transport.sessionCount()).toBe(2);
    const stats = await transport.stats();
    expect(stats.cpu.user).toBeGreaterThan(0);
    expect(Object.keys(stats.feeds)).toEqual(['7/360p@30']);
    expect(stats.senders).toEqual({});
    // One encoder for both viewers: it coded each frame the loop drew once, not once a viewer.
    const stream = stats.streams['7/360p@30'] as SharedStreamStats;
    expect(stream.viewers).toBe(2);
    expect(stream.framesEncoded).toBeGreaterThan(0);
    expect(stream.framesEncoded).toBeLessThanOrEqual(stats.feeds['7/360p@30']!.frames);

    // A DELETE (closeSession) ends it in both processes; the other viewer goes on.
    expect(transport.closeSession(v.session.id)).toBe(true);
    await v.session.closed;
    expect(transport.sessionCount()).toBe(1);
    expect(transport.getSession(v.session.id)).toBeUndefined();
    const before = w.counted.frames;
    await waitFor(() => w.counted.frames >= before + 5, 10_000);
    v.stop();
    w.stop();
  }, 30_000);

  it('codes H.264 for an offer that has it, starting with a keyframe; VP8 when MACHINE_VIDEO_CODEC=vp8', async () => {
    transport = new ProcessVideoTransport({});
    transport.publish('7', idleCabinetState('Seven'));
    const h = await h264Viewer(transport, '7');
    expect(h.session.answerSdp).toMatch(/^a=rtpmap:\d+ H264\/90000/m);
    expect(h.session.answerSdp).not.toContain('VP8');
    await waitFor(() => h.payloads.length >= 10, 10_000);
    // The first packet a viewer gets belongs to an IDR picture (SPS, PPS or the IDR slice itself).
    const first = H264RtpPayload.deSerialize(h.payloads[0]!);
    expect([7, 8, 5, 24]).toContain(first.nalUnitType === 28 ? first.nalUnitPayloadType : first.nalUnitType);
    const stream = (await transport.stats()).streams['7/360p@30'] as SharedStreamStats & { codecs: Record<string, SharedStreamStats> };
    expect(Object.keys(stream.codecs)).toEqual(['h264']);
    expect(stream.codecs.h264!.keyframes).toBeGreaterThanOrEqual(1);
    await h.pc.close();
    await transport.close();

    transport = new ProcessVideoTransport({ codec: 'vp8' });
    transport.publish('7', idleCabinetState('Seven'));
    const v = await h264Viewer(transport, '7');
    expect(v.session.answerSdp).toMatch(/^a=rtpmap:\d+ VP8\/90000/m);
    expect(v.session.answerSdp).not.toContain('H264');
    await v.pc.close();
  });

  it('streams on the per-viewer path when asked (MACHINE_VIDEO_PATH=per-viewer)', async () => {
    transport = new ProcessVideoTransport({ path: 'per-viewer' });
    const v = await viewer(transport, '1');
    await waitFor(() => v.counted.frames >= 5, 10_000);
    expect(transport.path).toBe('per-viewer');
    const { streams, senders } = await transport.stats();
    expect(streams).toEqual({});
    expect(Object.keys(senders)).toEqual([v.session.id]);
    v.stop();
  }, 30_000);

  it('paints the frame stamp in the video process only when asked (MACHINE_VIDEO_FRAME_STAMP)', async () => {
    transport = new ProcessVideoTransport({});
    const plain = await viewer(transport, '1');
    // Generous: on 2 busy cores (the unit files run three at a time) a still cabinet's first frames can take seconds.
    await waitFor(() => plain.counted.frames >= 10, 20_000);
    plain.stop();
    expect(plain.counted.stamped).toBe(0);
    await transport.close();

    transport = new ProcessVideoTransport({ frameStamp: true });
    const stamped = await viewer(transport, '1');
    await waitFor(() => stamped.counted.stamped >= 10, 20_000);
    stamped.stop();
  }, 45_000);

  it('answers SdpError for an offer it cannot answer, and keeps serving', async () => {
    transport = new ProcessVideoTransport({});
    await expect(transport.createSession({ machineId: '1', band, offerSdp: 'v=0\r\nnot an offer\r\n' })).rejects.toBeInstanceOf(SdpError);
    const v = await viewer(transport, '1');
    await waitFor(() => v.counted.frames >= 5, 10_000);
    v.stop();
  }, 30_000);

  it('draws at the frame rate the viewer asked for (WHEP ?fps=) in the video process', async () => {
    transport = new ProcessVideoTransport({});
    const v = await viewer(transport, '1', 10);
    await waitFor(() => v.counted.frames >= 3, 10_000);
    const first = (await transport.stats()).feeds['1/360p@10']!.frames;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const drawn = (await transport.stats()).feeds['1/360p@10']!.frames - first;
    expect(drawn).toBeGreaterThanOrEqual(4);
    expect(drawn).toBeLessThanOrEqual(13);
    v.stop();
  }, 30_000);

  it('ends the sessions of a machine that changes hands', async () => {
    transport = new ProcessVideoTransport({});
    const a = await viewer(transport, '1');
    const b = await viewer(transport, '2');
    expect(transport.closeMachineSessions('1')).toBe(1);
    await a.session.closed;
    expect(b.session.state).not.toBe('closed');
    expect(transport.sessionCount()).toBe(1);
    a.stop();
    b.stop();
  }, 30_000);

  it("keeps the sessions of the viewers it is told to keep (staff watching) when the machine's seat ends", async () => {
    transport = new ProcessVideoTransport({});
    const seat = await viewer(transport, '1');
    const staff = await viewer(transport, '1', band.fps, 'staff-sign-in');
    expect(transport.closeMachineSessions('1', new Set(['staff-sign-in']))).toBe(1);
    await seat.session.closed;
    expect(staff.session.state).not.toBe('closed');
    await waitFor(() => staff.counted.frames >= 3, 10_000);
    seat.stop();
    staff.stop();
  }, 30_000);

  it('a video process that dies ends its sessions and is started again', async () => {
    transport = new ProcessVideoTransport({ restartDelayMs: 100 });
    const first = await viewer(transport, '3');
    const pid = transport.pid!;
    process.kill(pid, 'SIGKILL');
    await first.session.closed;
    expect(transport.sessionCount()).toBe(0);
    await waitFor(() => transport!.pid !== undefined && transport!.pid !== pid, 10_000);
    expect(transport.startCount).toBe(2);
    first.stop();
    const second = await viewer(transport, '3');
    await waitFor(() => second.counted.frames >= 5, 10_000);
    second.stop();
  }, 30_000);

  it('the video process ends when its agent closes the transport', async () => {
    transport = new ProcessVideoTransport({});
    await transport.start();
    const pid = transport.pid!;
    await transport.close();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(transport.createSession({ machineId: '1', band, offerSdp: 'x' })).rejects.toThrow('closed');
  }, 30_000);
});
