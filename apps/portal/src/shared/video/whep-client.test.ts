import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stopAfterTest } from '@/test/after-test';
import { WhepClient, WhepError } from './whep-client';

function fakePeerConnection() {
  const receiver: Record<string, unknown> = { track: { kind: 'video' }, jitterBufferTarget: null, playoutDelayHint: null };
  const pc = {
    iceGatheringState: 'complete',
    localDescription: null as null | { type: string; sdp: string },
    remote: null as null | { type: string; sdp: string },
    closed: false,
    transceivers: [] as unknown[],
    addTransceiver: vi.fn((kind: string, init: unknown) => {
      pc.transceivers.push({ kind, init });
      return { receiver };
    }),
    createOffer: async () => ({ type: 'offer', sdp: 'v=0 offer' }),
    setLocalDescription: async (description: { type: string; sdp: string }) => {
      pc.localDescription = description;
    },
    setRemoteDescription: async (description: { type: string; sdp: string }) => {
      pc.remote = description;
    },
    addEventListener: (_type: string, _listener: (event: unknown) => void) => {},
    removeEventListener: (_type: string, _listener: (event: unknown) => void) => {},
    close: () => {
      pc.closed = true;
    },
    receiver,
    /** What getStats reports: frames decoded so far on the video receiver. */
    framesDecoded: 0,
    connectionState: 'connected',
    getStats: async () => new Map([['in', { type: 'inbound-rtp', kind: 'video', framesDecoded: pc.framesDecoded }]]),
  };
  return pc;
}

function setup(status = 201, options: ConstructorParameters<typeof WhepClient>[0] = {}) {
  const pcs: ReturnType<typeof fakePeerConnection>[] = [];
  let session = 0;
  const answer = { status };
  const fetch = vi.fn(async (_url: string, init: RequestInit) =>
    init.method === 'POST'
      ? new Response(answer.status === 201 ? 'v=0 answer' : 'Only the player holding this machine may watch it.', {
          status: answer.status,
          headers: answer.status === 201 ? { Location: `/machines/3/whep/s${++session}` } : {},
        })
      : new Response(null, { status: 200 }),
  );
  const client = new WhepClient({
    ...options,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createPeerConnection:
      options.createPeerConnection ??
      (() => {
        const pc = fakePeerConnection();
        pcs.push(pc);
        return pc as unknown as RTCPeerConnection;
      }),
  });
  // A started client checks its picture every second for as long as it lives, opening it again when it stalls:
  // one left running went on in the worker's later files (and spun their runAllTimers into 10,000 timers).
  stopAfterTest(() => client.stop());
  return { client, fetch, pcs, answer };
}

class FakeMediaStream {
  tracks: unknown[] = [];
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
}

describe('WHEP client', () => {
  // happy-dom cannot make a MediaStreamTrack.
  beforeEach(() => vi.stubGlobal('MediaStream', FakeMediaStream));

  it('asks the frame rate it was given (Settings.json framesPerSecond) on every open, band switches too', async () => {
    const { client, fetch } = setup(201, { frameRate: 15 });
    await client.start('http://agent.test:8081/machines/3/whep', 'tok', '480p');
    await client.switchBand('360p');
    expect(fetch.mock.calls.filter(([, init]) => init.method === 'POST').map(([url]) => url)).toEqual([
      'http://agent.test:8081/machines/3/whep?band=480p&fps=15',
      'http://agent.test:8081/machines/3/whep?band=360p&fps=15',
    ]);
  });

  it("without a band posts the URL's own picture (the cabinet camera's ?camera=cabinet), no band", async () => {
    const { client, fetch } = setup(201, { frameRate: 15 });
    await client.start('http://agent.test:8081/machines/3/whep?camera=cabinet', 'tok', '');
    expect(fetch.mock.calls[0]![0]).toBe('http://agent.test:8081/machines/3/whep?camera=cabinet&fps=15');
  });

  it('posts a recvonly offer with the token and band, and answers with the stream', async () => {
    const { client, fetch, pcs } = setup();
    const stream = await client.start('http://agent.test:8081/machines/3/whep', 'tok', '480p');
    expect((stream as unknown as FakeMediaStream).tracks).toEqual([{ kind: 'video' }]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://agent.test:8081/machines/3/whep?band=480p');
    expect(init).toMatchObject({
      method: 'POST',
      body: 'v=0 offer',
      headers: { 'Content-Type': 'application/sdp', Authorization: 'Bearer tok' },
    });
    expect(pcs[0]!.transceivers).toEqual([{ kind: 'video', init: { direction: 'recvonly' } }]);
    expect(pcs[0]!.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    expect(pcs[0]!.receiver).toMatchObject({ jitterBufferTarget: 0, playoutDelayHint: 0 });
  });

  it('stop DELETEs the Location, resolved against the WHEP URL', async () => {
    const { client, fetch, pcs } = setup();
    await client.start('http://agent.test:8081/machines/3/whep', 'tok', '720p');
    await client.stop();
    expect(fetch.mock.calls[1]).toEqual([
      'http://agent.test:8081/machines/3/whep/s1',
      expect.objectContaining({ method: 'DELETE', headers: { Authorization: 'Bearer tok' } }),
    ]);
    expect(pcs[0]!.closed).toBe(true);
  });

  it('stop during an open sends no offer, or aborts the one on its way, and waits for it', async () => {
    const { client, fetch } = setup();
    let gathered!: () => void;
    const slow = Object.assign(fakePeerConnection(), { iceGatheringState: 'gathering' });
    slow.addEventListener = (type: string, listener: (event: unknown) => void) => {
      if (type === 'icegatheringstatechange') gathered = () => ((slow.iceGatheringState = 'complete'), listener({}));
    };
    const waiting = new WhepClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      createPeerConnection: () => slow as unknown as RTCPeerConnection,
    });
    const opening = waiting.start('http://agent.test/machines/3/whep', 'tok', '720p');
    await vi.waitFor(() => expect(gathered).toBeDefined());
    const stopped = waiting.stop();
    gathered();
    await expect(opening).rejects.toThrow('The video session was replaced.');
    await stopped;
    expect(fetch).not.toHaveBeenCalled();
    expect(slow.closed).toBe(true);

    let signal: AbortSignal | undefined;
    fetch.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const posting = client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    await vi.waitFor(() => expect(signal).toBeDefined());
    await client.stop();
    expect(signal!.aborted).toBe(true);
    await expect(posting).rejects.toThrow('The video session was replaced.');
  });

  it('a band switch opens the new session before deleting the old one', async () => {
    const { client, fetch, pcs } = setup();
    await client.start('http://agent.test:8081/machines/3/whep', 'tok', '720p');
    await client.switchBand('360p');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'POST http://agent.test:8081/machines/3/whep?band=720p',
      'POST http://agent.test:8081/machines/3/whep?band=360p',
      'DELETE http://agent.test:8081/machines/3/whep/s1',
    ]);
    expect(pcs[0]!.closed).toBe(true);
    expect(pcs[1]!.closed).toBe(false);
  });

  it('a refused offer throws with the status and closes the peer connection', async () => {
    const { client, pcs } = setup(403);
    await expect(client.start('http://agent.test/machines/3/whep', 'tok', '720p')).rejects.toEqual(
      new WhepError(403, 'Only the player holding this machine may watch it.'),
    );
    expect(pcs[0]!.closed).toBe(true);
  });

  it('opens the video again when no frame is decoded for stallMs, and hands the new stream over', async () => {
    const streams: unknown[] = [];
    const { client, fetch, pcs } = setup(201, { stallMs: 120, checkEveryMs: 20, onStream: (stream) => streams.push(stream) });
    await client.start('http://agent.test/machines/3/whep', 'tok', '480p');
    // Frames keep coming for a while: nothing happens.
    for (let i = 0; i < 10; i++) {
      pcs[0]!.framesDecoded += 3;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pcs).toHaveLength(1);
    // Then they stop: a new session on the same band, the old one deleted.
    await vi.waitFor(() => expect(streams).toHaveLength(1), { timeout: 2000 });
    expect(fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'POST http://agent.test/machines/3/whep?band=480p',
      'POST http://agent.test/machines/3/whep?band=480p',
      'DELETE http://agent.test/machines/3/whep/s1',
    ]);
    expect(pcs[0]!.closed).toBe(true);
    expect(pcs[1]!.closed).toBe(false);
    await client.stop();
  });

  it('a failed connection is opened again at once; a refusal (the seat ended) stops trying', async () => {
    const gone: WhepError[] = [];
    const { client, fetch, pcs, answer } = setup(201, { stallMs: 60_000, checkEveryMs: 20, onGone: (error) => gone.push(error) });
    await client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    answer.status = 403;
    pcs[0]!.connectionState = 'failed';
    await vi.waitFor(() => expect(gone).toHaveLength(1), { timeout: 2000 });
    expect(gone[0]!.status).toBe(403);
    const calls = fetch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fetch.mock.calls.length).toBe(calls);
  });

  /** A peer connection still gathering: it gives one host candidate, and completes only when told. */
  function gathering(setupOptions: ConstructorParameters<typeof WhepClient>[0]) {
    const listeners = new Map<string, ((event: unknown) => void)[]>();
    const fire = (type: string, event: unknown = {}) => listeners.get(type)?.forEach((listener) => listener(event));
    const made = setup(201, {
      ...setupOptions,
      iceGatheringTimeoutMs: 60_000,
      createPeerConnection: () => {
        const pc = fakePeerConnection();
        made.pcs.push(pc);
        pc.iceGatheringState = 'gathering';
        pc.addEventListener = (type: string, listener: (event: unknown) => void) => {
          listeners.set(type, [...(listeners.get(type) ?? []), listener]);
        };
        pc.setLocalDescription = async (description) => {
          pc.localDescription = description;
          setTimeout(() => fire('icecandidate', { candidate: { type: 'host', candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host' } }));
        };
        return pc as unknown as RTCPeerConnection;
      },
    });
    const complete = () => {
      made.pcs[0]!.iceGatheringState = 'complete';
      fire('icegatheringstatechange');
    };
    return { ...made, complete, fire };
  }

  it('without ICE servers the offer goes once the host candidates are in, not at the end of gathering', async () => {
    const { client, fetch, pcs } = gathering({});
    await client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    expect(fetch.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(1);
    expect(pcs[0]!.iceGatheringState).toBe('gathering');
    await client.stop();
  });

  /** Whether the offer has gone out, after the events fired so far and their settling. */
  async function posted(fetch: ReturnType<typeof setup>['fetch']): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return fetch.mock.calls.some(([, init]) => init.method === 'POST');
  }

  it('with a STUN server the offer waits for its answer, a server-reflexive candidate, not for the end of gathering', async () => {
    const { client, fetch, fire, pcs } = gathering({ iceServers: [{ urls: 'stun:stun.test:3478' }] });
    const started = client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    expect(await posted(fetch)).toBe(false);
    fire('icecandidate', { candidate: { type: 'srflx' }, url: 'stun:stun.test:3478' });
    await started;
    expect(await posted(fetch)).toBe(true);
    expect(pcs[0]!.iceGatheringState).toBe('gathering');
    await client.stop();
  });

  it("an unreachable server's error is its answer; a TURN server's server-reflexive candidate is not, its relay candidate is", async () => {
    const iceServers = [{ urls: ['stun:a.test:3478', 'stun:b.test:3478'] }, { urls: 'turn:t.test:3478', username: 'u', credential: 'c' }];
    const { client, fetch, fire } = gathering({ iceServers });
    const started = client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    expect(await posted(fetch)).toBe(false);
    fire('icecandidateerror', { url: 'stun:a.test:3478', errorCode: 701 });
    fire('icecandidateerror', { url: 'stun:a.test:3478', errorCode: 701 });
    fire('icecandidate', { candidate: { type: 'srflx' }, url: 'turn:t.test:3478' });
    expect(await posted(fetch)).toBe(false);
    fire('icecandidate', { candidate: { type: 'srflx' }, url: 'stun:b.test:3478' });
    expect(await posted(fetch)).toBe(false);
    fire('icecandidate', { candidate: { type: 'relay' }, url: 'turn:t.test:3478' });
    await started;
    expect(await posted(fetch)).toBe(true);
    await client.stop();
  });

  it('with relay only, a STUN server is not waited for, and gathering that ends first sends the offer too', async () => {
    const stunAndTurn = { iceServers: [{ urls: 'stun:s.test:3478' }, { urls: 'turn:t.test:3478', username: 'u', credential: 'c' }] };
    const relay = gathering({ ...stunAndTurn, iceTransportPolicy: 'relay' });
    const started = relay.client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    expect(await posted(relay.fetch)).toBe(false);
    relay.fire('icecandidate', { candidate: { type: 'relay' } });
    await started;
    expect(await posted(relay.fetch)).toBe(true);
    await relay.client.stop();

    const silent = gathering(stunAndTurn);
    const opened = silent.client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    expect(await posted(silent.fetch)).toBe(false);
    silent.complete();
    await opened;
    expect(await posted(silent.fetch)).toBe(true);
    await silent.client.stop();
  });

  it('asks its ICE servers of the source on every open and passes them with Settings.json iceTransportPolicy', async () => {
    const configs: RTCConfiguration[] = [];
    let fetched = 0;
    const source = vi.fn(async () => [{ urls: 'turn:turn.test:3478', username: `${++fetched}:7`, credential: 'c' }]);
    const { client } = setup(201, {
      iceServers: source,
      iceTransportPolicy: 'relay',
      createPeerConnection: (config) => {
        configs.push(config);
        return fakePeerConnection() as unknown as RTCPeerConnection;
      },
    });
    await client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    await client.switchBand('360p');
    expect(source).toHaveBeenCalledTimes(2);
    expect(configs).toEqual([
      { iceServers: [{ urls: 'turn:turn.test:3478', username: '1:7', credential: 'c' }], iceTransportPolicy: 'relay' },
      { iceServers: [{ urls: 'turn:turn.test:3478', username: '2:7', credential: 'c' }], iceTransportPolicy: 'relay' },
    ]);
    await client.stop();
  });

  it('a failing ICE server source still opens the video, with no servers and the default policy', async () => {
    const configs: RTCConfiguration[] = [];
    const { client, fetch } = setup(201, {
      iceServers: () => Promise.reject(new Error('offline')),
      createPeerConnection: (config) => {
        configs.push(config);
        return fakePeerConnection() as unknown as RTCPeerConnection;
      },
    });
    await client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    expect(configs).toEqual([{ iceServers: [] }]);
    expect(fetch.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(1);
    await client.stop();
  });

  it('after stop, a stalled picture is not opened again', async () => {
    const { client, fetch } = setup(201, { stallMs: 40, checkEveryMs: 10 });
    await client.start('http://agent.test/machines/3/whep', 'tok', '720p');
    await client.stop();
    const calls = fetch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetch.mock.calls.length).toBe(calls);
  });
});
