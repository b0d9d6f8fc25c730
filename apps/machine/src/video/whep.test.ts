import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findBand } from '@reelcast/protocol';
import { idleCabinetState, type CabinetViewState } from './cabinet-state.ts';
import { decodeFrameStamp, stampCellSize } from './frame-stamp.ts';
import { VideoFeedHub } from './video-source.ts';
import { frameRate, whepRoutes, iceServerLinks } from './whep.ts';
import { WrtcVideoTransport } from './wrtc-transport.ts';

const require = createRequire(import.meta.url);
const wrtc = require('@roamhq/wrtc');

const HOLDER = 'Bearer holder-token';
const machines = new Map<string, CabinetViewState>([
  ['m1', { ...idleCabinetState('Lucky 7'), credit: 10_000, bet: 100 }],
  ['m2', idleCabinetState('No Camera')],
]);
const iceServers = [
  { urls: 'stun:stun.example.net:3478' },
  { urls: ['turn:turn.example.net:3478?transport=udp'], username: 'u', credential: 'p"w' },
];

let app: FastifyInstance;
let transport: WrtcVideoTransport;
let feeds: VideoFeedHub;
const peers: RTCPeerConnection[] = [];

async function recvonlyOffer(): Promise<{ pc: RTCPeerConnection; sdp: string }> {
  const pc: RTCPeerConnection = new wrtc.RTCPeerConnection();
  peers.push(pc);
  pc.addTransceiver('video', { direction: 'recvonly' });
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  return { pc, sdp: offer.sdp! };
}

function post(
  sdp: string | Buffer,
  { path = '/machines/m1/whep', auth = HOLDER, type = 'application/sdp' }: { path?: string; auth?: string | null; type?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': type },
    payload: sdp,
  });
}

beforeAll(async () => {
  feeds = new VideoFeedHub((id) => machines.get(id), { renderer: { frameStamp: true } });
  transport = new WrtcVideoTransport({ feeds, iceGatheringTimeoutMs: 1000 });
  app = Fastify();
  await app.register(
    whepRoutes({
      transport,
      iceServers,
      machineExists: (id) => machines.has(id),
      hasCabinetCamera: (id) => id === 'm1',
      authorize: (request) => request.headers.authorization === HOLDER,
    }),
    { prefix: '/machines' },
  );
  await app.ready();
});

afterEach(() => {
  for (const pc of peers.splice(0)) pc.close();
});

afterAll(async () => {
  await transport.close();
  await app.close();
});

describe('WHEP endpoint', () => {
  it('answers a recvonly offer with 201, an SDP answer, a Location and ICE server links', async () => {
    const { sdp } = await recvonlyOffer();
    const res = await post(sdp);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/sdp/);
    expect(res.headers.location).toMatch(/^\/machines\/m1\/whep\/[0-9a-f-]{36}$/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(res.headers.link).toEqual(iceServerLinks(iceServers));
    expect(res.body).toMatch(/^v=0\r\n/);
    expect(res.body).toMatch(/a=sendonly/);
    expect(res.body).toMatch(/a=candidate:/);
    expect(res.body).toMatch(/a=rtpmap:\d+ VP8\/90000/);
    expect(res.body).not.toMatch(/VP9|AV1/);
    expect(transport.sessionCount()).toBe(1);

    const del = await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { authorization: HOLDER } });
    expect(del.statusCode).toBe(200);
    expect(transport.sessionCount()).toBe(0);
    const again = await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { authorization: HOLDER } });
    expect(again.statusCode).toBe(404);
  });

  it('sends the video track in a MediaStream: a=msid names a stream, and the receiver gets it in event.streams', async () => {
    const { pc, sdp } = await recvonlyOffer();
    const res = await post(sdp);
    expect(res.statusCode).toBe(201);
    const video = res.body.slice(res.body.indexOf('m=video'));
    // `a=msid:- {track}` would be a track without a stream (what players that show streams[0] cannot play).
    const msid = /^a=msid:(\S+) (\S+)\r?$/m.exec(video);
    expect(msid?.[1]).toMatch(/^[\w{}-]+$/);
    expect(msid?.[1]).not.toBe('-');
    const streams = new Promise<readonly MediaStream[]>((resolve) => (pc.ontrack = (event) => resolve(event.streams)));
    await pc.setRemoteDescription({ type: 'answer', sdp: res.body });
    const received = await streams;
    expect(received).toHaveLength(1);
    expect(received[0]!.id).toBe(msid![1]);
    await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { authorization: HOLDER } });
  });

  it('refuses viewers who do not hold the machine: 401 without a token, 403 with another', async () => {
    const { sdp } = await recvonlyOffer();
    const anonymous = await post(sdp, { auth: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await post(sdp, { auth: 'Bearer someone-else' })).statusCode).toBe(403);
    expect(transport.sessionCount()).toBe(0);
  });

  it('refuses DELETE from someone else and keeps the session', async () => {
    const { sdp } = await recvonlyOffer();
    const res = await post(sdp);
    const location = res.headers.location as string;
    expect((await app.inject({ method: 'DELETE', url: location, headers: { authorization: 'Bearer other' } })).statusCode).toBe(403);
    expect(transport.sessionCount()).toBe(1);
    expect(
      (await app.inject({ method: 'DELETE', url: location.replace('/m1/', '/m2/'), headers: { authorization: HOLDER } })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: location, headers: { authorization: HOLDER } })).statusCode).toBe(200);
  });

  it('answers 415 for another content type, 400 for an empty, broken or unusable offer, 400 for an unknown band', async () => {
    const { sdp } = await recvonlyOffer();
    expect((await post(sdp, { type: 'application/json' })).statusCode).toBe(415);
    expect((await post(sdp, { type: 'text/plain' })).statusCode).toBe(415);
    expect(await post('')).toMatchObject({ statusCode: 400 });
    expect(await post('hello')).toMatchObject({ statusCode: 400 });
    expect(await post('v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n')).toMatchObject({
      statusCode: 400,
    });
    const h264Only = sdp.replace(/a=rtpmap:(\d+) VP8\/90000/g, 'a=rtpmap:$1 H264/90000');
    const noVp8 = await post(h264Only);
    expect(noVp8.statusCode).toBe(400);
    expect(noVp8.body).toMatch(/VP8/);
    expect((await post(sdp, { path: '/machines/m1/whep?band=4k' })).statusCode).toBe(400);
    expect(transport.sessionCount()).toBe(0);
  });

  it('answers 400 to an offer with a NUL byte or invalid UTF-8, before the transport sees it', async () => {
    const { sdp } = await recvonlyOffer();
    const createSession = vi.spyOn(transport, 'createSession');
    const bytes = (insert: number[]) => {
      const at = sdp.indexOf('\r\ns=') + 4;
      return Buffer.concat([Buffer.from(sdp.slice(0, at)), Buffer.from(insert), Buffer.from(sdp.slice(at))]);
    };
    try {
      const nul = await post(bytes([0x00]));
      expect(nul.statusCode).toBe(400);
      expect(nul.headers['content-type']).toMatch(/^text\/plain/);
      expect(nul.body).toBe('The offer contains a NUL byte.');
      for (const invalid of [[0xff], [0xc3], [0xed, 0xa0, 0x80]]) {
        const answer = await post(bytes(invalid));
        expect(answer.statusCode, JSON.stringify(invalid)).toBe(400);
        expect(answer.body).toBe('The offer is not valid UTF-8.');
      }
      expect(createSession).not.toHaveBeenCalled();
      expect(transport.sessionCount()).toBe(0);
      // Valid UTF-8 beyond ASCII is still an offer.
      const accented = await post(bytes([...Buffer.from('é')]));
      expect(accented.statusCode).toBe(201);
      await app.inject({ method: 'DELETE', url: accented.headers.location as string, headers: { authorization: HOLDER } });
    } finally {
      createSession.mockRestore();
    }
  });

  it('answers 404 for a machine this agent does not host', async () => {
    const { sdp } = await recvonlyOffer();
    expect((await post(sdp, { path: '/machines/nope/whep' })).statusCode).toBe(404);
  });

  it('answers OPTIONS with the allowed methods, and ICE servers only to viewers who may watch', async () => {
    const pre = await app.inject({ method: 'OPTIONS', url: '/machines/m1/whep' });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers.allow).toBe('OPTIONS, POST');
    expect(pre.headers['accept-post']).toBe('application/sdp');
    expect(pre.headers.link).toBeUndefined();
    const authed = await app.inject({ method: 'OPTIONS', url: '/machines/m1/whep', headers: { authorization: HOLDER } });
    expect(authed.headers.link).toEqual([
      '<stun:stun.example.net:3478>; rel="ice-server"',
      '<turn:turn.example.net:3478?transport=udp>; rel="ice-server"; username="u"; credential="p\\"w"; credential-type="password"',
    ]);
  });

  it('answers 405 to PATCH (no trickle ICE)', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/machines/m1/whep/abc',
      headers: { 'content-type': 'application/trickle-ice-sdpfrag' },
      payload: 'a=end-of-candidates',
    });
    expect(res.statusCode).toBe(405);
  });

  it('streams frames that a WebRTC receiver decodes, with a readable stamp, at the chosen band', async () => {
    const { pc, sdp } = await recvonlyOffer();
    const frames: { width: number; height: number; stampFrame: number; latency: number }[] = [];
    let sink:
      { stop(): void; onframe: ((e: { frame: { width: number; height: number; data: Uint8ClampedArray } }) => void) | null } | undefined;
    pc.ontrack = (event) => {
      sink = new wrtc.nonstandard.RTCVideoSink(event.track);
      sink!.onframe = ({ frame }) => {
        const rgba = new Uint8ClampedArray(frame.width * frame.height * 4);
        wrtc.nonstandard.i420ToRgba(frame, { width: frame.width, height: frame.height, data: rgba });
        const stamp = decodeFrameStamp(rgba, frame.width, stampCellSize(frame.height));
        if (stamp)
          frames.push({
            width: frame.width,
            height: frame.height,
            stampFrame: stamp.frame,
            latency: ((Date.now() >>> 0) - stamp.clockMs) | 0,
          });
      };
    };
    const res = await post(sdp, { path: '/machines/m1/whep?band=360p' });
    expect(res.statusCode).toBe(201);
    await pc.setRemoteDescription({ type: 'answer', sdp: res.body });
    const deadline = Date.now() + 10_000;
    while (frames.length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    sink?.stop();
    expect(frames.length).toBeGreaterThanOrEqual(10);
    expect(frames[0]).toMatchObject({ width: 640, height: 360 });
    expect(frames.at(-1)!.stampFrame).toBeGreaterThan(frames[0]!.stampFrame);
    for (const f of frames) expect(f.latency).toBeGreaterThanOrEqual(0);
    await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { authorization: HOLDER } });
  });

  it('draws a band at the lower frame rate a viewer asks for (?fps=), on a frame loop of its own', async () => {
    const { sdp } = await recvonlyOffer();
    const res = await post(sdp, { path: '/machines/m1/whep?band=360p&fps=10' });
    expect(res.statusCode).toBe(201);
    const frames = () => feeds.stats()['m1/360p@10']?.frames ?? 0;
    const first = frames();
    await new Promise((r) => setTimeout(r, 1000));
    // 10 a second (a loaded machine may draw fewer, never more); the band's own 30 would be about 30.
    expect(frames() - first).toBeGreaterThanOrEqual(4);
    expect(frames() - first).toBeLessThanOrEqual(13);
    await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { authorization: HOLDER } });
  });

  it('answers 400 to an fps that is not a whole number of 1 or more', async () => {
    for (const fps of ['0', 'abc', '-5', '2.5']) {
      const res = await post((await recvonlyOffer()).sdp, { path: `/machines/m1/whep?band=360p&fps=${fps}` });
      expect(res.statusCode, fps).toBe(400);
    }
  });

  it("streams the cabinet camera (?camera=cabinet): the cabinet's own small, slow picture, on a frame loop of its own", async () => {
    const { pc, sdp } = await recvonlyOffer();
    const sizes: string[] = [];
    let sink: { stop(): void; onframe: ((e: { frame: { width: number; height: number } }) => void) | null } | undefined;
    pc.ontrack = (event) => {
      sink = new wrtc.nonstandard.RTCVideoSink(event.track);
      sink!.onframe = ({ frame }) => void sizes.push(`${frame.width}x${frame.height}`);
    };
    const res = await post(sdp, { path: '/machines/m1/whep?camera=cabinet' });
    expect(res.statusCode).toBe(201);
    expect(res.body).toMatch(/a=sendonly/);
    await pc.setRemoteDescription({ type: 'answer', sdp: res.body });
    await vi.waitFor(() => expect(sizes.length).toBeGreaterThan(0), { timeout: 10_000 });
    sink?.stop();
    expect(sizes[0]).toBe('320x240');
    expect(Object.keys(feeds.stats())).toContain('m1/cabinet@5');
    await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { authorization: HOLDER } });
  });

  it('answers 404 for the cabinet camera of a machine without one, 400 for another camera or a camera with a band', async () => {
    const sdp = (await recvonlyOffer()).sdp;
    expect((await post(sdp, { path: '/machines/m2/whep?camera=cabinet' })).statusCode).toBe(404);
    for (const query of ['camera=floor', 'camera=', 'camera=cabinet&band=360p']) {
      expect((await post(sdp, { path: `/machines/m1/whep?${query}` })).statusCode, query).toBe(400);
    }
    expect(transport.sessionCount()).toBe(0);
  });

  it('closes every session of a machine on request (the holder changed)', async () => {
    await post((await recvonlyOffer()).sdp);
    await post((await recvonlyOffer()).sdp, { path: '/machines/m1/whep?band=480p' });
    expect(transport.sessionCount()).toBe(2);
    expect(transport.closeMachineSessions('m1')).toBe(2);
    expect(transport.sessionCount()).toBe(0);
  });
});

describe('frameRate', () => {
  const band = findBand('720p')!;
  it("is the band's own without ?fps=, what was asked below it, the band's above it", () => {
    expect(frameRate(undefined, band)).toBe(30);
    expect(frameRate('', band)).toBe(30);
    expect(frameRate('15', band)).toBe(15);
    expect(frameRate('60', band)).toBe(30);
    expect(frameRate('0', band)).toBeNull();
    expect(frameRate('1e3', band)).toBeNull();
  });
});
