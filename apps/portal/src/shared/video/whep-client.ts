import { yieldToBrowser } from '@/shared/lib/yield-to-browser';

type WhepSession = { pc: RTCPeerConnection; location: string | null; stream: MediaStream };

export type WhepClientOptions = {
  /**
   * The peer connection's ICE servers, or where each open gets them (GET /player/ice-servers: fresh TURN
   * credentials for a picture opened again an hour later); a source that fails counts as none.
   */
  iceServers?: RTCIceServer[] | (() => Promise<RTCIceServer[]>);
  /** Settings.json `iceTransportPolicy`: 'relay' uses TURN relay candidates only. */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /**
   * Frames a second asked of the machine (`?fps=`; Settings.json `framesPerSecond`): the agent draws
   * the band at this rate, at most at the band's own (30). Left out: the band's own.
   */
  frameRate?: number;
  /** Longest wait for ICE gathering before the offer goes out with what it has. */
  iceGatheringTimeoutMs?: number;
  fetch?: typeof fetch;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /**
   * The picture counts as lost when no frame was decoded for this long (a machine sends 30 frames a
   * second even when still) or the connection failed; the client then opens the video again.
   */
  stallMs?: number;
  /** How often the decoded-frame count is read (getStats). */
  checkEveryMs?: number;
  /** A new stream after the video was opened again by itself (a lost picture). */
  onStream?: (stream: MediaStream) => void;
  /** The server refused to open it again (401/403/404: e.g. the seat has ended): the client gave up. */
  onGone?: (error: WhepError) => void;
};

export class WhepError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'WhepError';
  }
}

/** The session being opened was overtaken: the client was stopped, or a later open (band switch, re-open of a lost picture) began. */
export class WhepReplacedError extends Error {
  constructor() {
    super('The video session was replaced.');
    this.name = 'WhepReplacedError';
  }
}

/**
 * Resolves when the offer holds the candidates worth sending (at the latest after `timeoutMs`): the host
 * candidates, and each STUN or TURN server's first answer. The browser gathers its UDP host candidates
 * together in a few milliseconds; its TCP ones follow ~100 ms later and are not needed: the browser
 * connects out to the machine's candidates, which come in the answer (the machine learns the browser's
 * address from its connectivity checks). A server answers with a server-reflexive (STUN) or relay (TURN)
 * candidate, or with an error (`icecandidateerror`: unreachable, bad credentials). So the offer goes once
 * a host candidate is in and its siblings had a moment to follow, and every server has answered, instead
 * of at the end of gathering (~140 ms after the host candidates in Chromium, whatever the servers did).
 * With `iceTransportPolicy: 'relay'` only relay candidates are gathered, so only the TURN servers count.
 */
function candidatesReady(pc: RTCPeerConnection, timeoutMs: number, servers: RTCIceServer[], relayOnly: boolean): Promise<void> {
  const urls = servers.flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls]));
  const isTurn = (url: string) => /^turns?:/i.test(url);
  /** The servers yet to answer, by the kind of candidate they give. */
  const waiting = { srflx: new Set(relayOnly ? [] : urls.filter((url) => !isTurn(url))), relay: new Set(urls.filter(isTurn)) };
  /**
   * A server answered: the one the event names (a TURN server's server-reflexive candidate is not its
   * answer: its relay candidate is), else, for a browser that does not say which, one of that kind.
   */
  const answered = (kind: keyof typeof waiting, url: string | null | undefined) => {
    const left = waiting[kind];
    left.delete(url ? url : ([...left][0] ?? ''));
  };
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(done, timeoutMs);
    let settle: ReturnType<typeof setTimeout> | undefined;
    let hostsIn = relayOnly;
    function done() {
      clearTimeout(timer);
      clearTimeout(settle);
      pc.removeEventListener('icegatheringstatechange', check);
      pc.removeEventListener('icecandidate', candidate);
      pc.removeEventListener('icecandidateerror', serverError);
      resolve();
    }
    function doneIfAllIn() {
      if (hostsIn && waiting.srflx.size === 0 && waiting.relay.size === 0) done();
    }
    function check() {
      if (pc.iceGatheringState === 'complete') done();
    }
    function candidate(event: RTCPeerConnectionIceEvent) {
      const found = event.candidate;
      if (found?.type === 'host' && settle === undefined && !hostsIn) {
        settle = setTimeout(() => {
          hostsIn = true;
          doneIfAllIn();
        }, HOST_CANDIDATES_SETTLE_MS);
      }
      if (found?.type === 'srflx' || found?.type === 'relay') answered(found.type, (event as { url?: string | null }).url);
      doneIfAllIn();
    }
    function serverError(event: Event) {
      const { url } = event as RTCPeerConnectionIceErrorEvent;
      answered(isTurn(url) ? 'relay' : 'srflx', url);
      doneIfAllIn();
    }
    pc.addEventListener('icegatheringstatechange', check);
    pc.addEventListener('icecandidate', candidate);
    pc.addEventListener('icecandidateerror', serverError);
  });
}

/** How long after the first host candidate the others (one per interface) may take to follow. */
const HOST_CANDIDATES_SETTLE_MS = 10;

/** Render frames as soon as they are decoded: no jitter-buffer target beyond what the network needs. */
function lowLatency(receiver: RTCRtpReceiver): void {
  const tunable = receiver as RTCRtpReceiver & { playoutDelayHint?: number; jitterBufferTarget?: number };
  if ('jitterBufferTarget' in tunable) tunable.jitterBufferTarget = 0;
  if ('playoutDelayHint' in tunable) tunable.playoutDelayHint = 0;
}

/** Frames decoded so far on the session's video receiver (0 before the first). */
async function framesDecoded(pc: RTCPeerConnection): Promise<number> {
  let frames = 0;
  (await pc.getStats()).forEach((report: { type?: string; kind?: string; framesDecoded?: number }) => {
    if (report.type === 'inbound-rtp' && report.kind === 'video') frames = Math.max(frames, report.framesDecoded ?? 0);
  });
  return frames;
}

/**
 * A receive-only WHEP (RFC 9725) client without trickle ICE: the machine agent's endpoint and a
 * cabinet behind MediaMTX take the same requests. A band switch opens the new session before the
 * old one is deleted, so the picture never goes black. A picture that stops (no frame decoded for
 * `stallMs`, or the connection failed: the agent's video process restarted, the network changed)
 * is opened again, with 1, 2, 4 … 10 s between attempts, until the server refuses (`onGone`).
 */
export class WhepClient {
  #session: WhepSession | null = null;
  #url: string | null = null;
  #token: string | null = null;
  #band = '';
  #generation = 0;
  #watch: ReturnType<typeof setTimeout> | null = null;
  #watchChain = 0;
  /** Aborts the offers still on their way when the client stops. */
  #stopping = new AbortController();
  /** The opens under way, which stop() waits for: each ends its own session when it was overtaken. */
  readonly #opening = new Set<Promise<unknown>>();
  readonly #options: WhepClientOptions;

  constructor(options: WhepClientOptions = {}) {
    this.#options = options;
  }

  get stream(): MediaStream | null {
    return this.#session?.stream ?? null;
  }

  async start(url: string, token: string | null, band: string): Promise<MediaStream> {
    this.#url = url;
    this.#token = token;
    this.#band = band;
    const stream = await this.#open(band, ++this.#generation);
    this.#startWatching();
    return stream;
  }

  /** Opens the new band, then closes the old session. */
  async switchBand(band: string): Promise<MediaStream> {
    if (!this.#url) throw new Error('The video has not been started.');
    this.#band = band;
    const stream = await this.#open(band, ++this.#generation);
    this.#startWatching();
    return stream;
  }

  /**
   * Ends the session: DELETE on its Location, and the peer connection closes. An offer still on its way
   * is aborted, so it opens nothing on the server after the stop; resolves when the server has the DELETE.
   */
  async stop(): Promise<void> {
    this.#generation++;
    this.#stopping.abort();
    this.#stopping = new AbortController();
    this.#stopWatching();
    const session = this.#session;
    this.#session = null;
    await Promise.allSettled([...(session ? [this.#close(session)] : []), ...this.#opening]);
  }

  #open(band: string, generation: number): Promise<MediaStream> {
    const opening = this.#openVideoSession(band, generation);
    this.#opening.add(opening);
    const done = () => this.#opening.delete(opening);
    opening.then(done, done);
    return opening;
  }

  async #openVideoSession(band: string, generation: number): Promise<MediaStream> {
    const url = this.#url!;
    const stopping = this.#stopping.signal;
    const fetchImpl = this.#options.fetch ?? fetch;
    const source = this.#options.iceServers;
    const iceServers = typeof source === 'function' ? await source().catch(() => []) : (source ?? []);
    // The peer connection's creation is tens of milliseconds of the main thread on a phone: in a task of
    // its own, not added to whatever rendered the page in the task that resolved the ICE servers.
    await yieldToBrowser();
    const config: RTCConfiguration = { iceServers };
    if (this.#options.iceTransportPolicy) config.iceTransportPolicy = this.#options.iceTransportPolicy;
    const pc = this.#options.createPeerConnection?.(config) ?? new RTCPeerConnection(config);
    const next: WhepSession = { pc, location: null, stream: new MediaStream() };
    try {
      const transceiver = pc.addTransceiver('video', { direction: 'recvonly' });
      lowLatency(transceiver.receiver);
      next.stream.addTrack(transceiver.receiver.track);
      const offer = await pc.createOffer();
      // Listening before gathering starts: no candidate event can be missed.
      const ready = candidatesReady(pc, this.#options.iceGatheringTimeoutMs ?? 1000, iceServers, config.iceTransportPolicy === 'relay');
      await pc.setLocalDescription(offer);
      await ready;
      // Stopped while the offer was being made: nothing goes to the server.
      if (stopping.aborted) throw new WhepReplacedError();

      const endpoint = new URL(url, window.location.href);
      // No band: the URL names its picture (the cabinet camera's `?camera=cabinet`).
      if (band) endpoint.searchParams.set('band', band);
      if (this.#options.frameRate) endpoint.searchParams.set('fps', String(this.#options.frameRate));
      const headers: Record<string, string> = { 'Content-Type': 'application/sdp' };
      if (this.#token) headers.Authorization = `Bearer ${this.#token}`;
      const response = await fetchImpl(endpoint.href, {
        method: 'POST',
        headers,
        body: pc.localDescription?.sdp ?? '',
        signal: stopping,
      });
      if (response.status !== 201) throw new WhepError(response.status, (await response.text()) || `WHEP answered ${response.status}`);
      const location = response.headers.get('Location');
      next.location = location ? new URL(location, endpoint).href : null;
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    } catch (error) {
      await this.#close(next);
      throw stopping.aborted ? new WhepReplacedError() : error;
    }
    if (generation !== this.#generation) {
      // Stopped or switched again while this one was opening.
      await this.#close(next);
      throw new WhepReplacedError();
    }
    const previous = this.#session;
    this.#session = next;
    if (previous) void this.#close(previous);
    return next.stream;
  }

  #stopWatching(): void {
    this.#watchChain++;
    if (this.#watch) clearTimeout(this.#watch);
    this.#watch = null;
  }

  /** Reads the decoded-frame count every `checkEveryMs`; a stalled or failed picture is opened again. */
  #startWatching(): void {
    this.#stopWatching();
    const chain = this.#watchChain;
    const stallMs = this.#options.stallMs ?? 3000;
    const every = this.#options.checkEveryMs ?? 1000;
    let lastFrames = -1;
    let progressAt = Date.now();
    let attempts = 0;
    const check = async () => {
      const session = this.#session;
      if (!session || chain !== this.#watchChain) return;
      const frames = await framesDecoded(session.pc).catch(() => lastFrames);
      if (chain !== this.#watchChain) return;
      const now = Date.now();
      if (frames > lastFrames) {
        lastFrames = frames;
        progressAt = now;
        attempts = 0;
      } else if (session.pc.connectionState === 'failed' || now - progressAt >= stallMs) {
        try {
          const stream = await this.#open(this.#band, ++this.#generation);
          lastFrames = -1;
          progressAt = Date.now();
          this.#options.onStream?.(stream);
        } catch (error) {
          if (chain !== this.#watchChain) return;
          if (error instanceof WhepError && [401, 403, 404].includes(error.status)) {
            this.#stopWatching();
            this.#options.onGone?.(error);
            return;
          }
          // The agent may be restarting its video: wait 1, 2, 4 … 10 s before the next attempt.
          progressAt = Date.now() + Math.min(10_000, 1000 * 2 ** attempts++) - stallMs;
        }
      }
      if (chain === this.#watchChain) this.#watch = setTimeout(() => void check(), every);
    };
    this.#watch = setTimeout(() => void check(), every);
  }

  async #close(session: WhepSession): Promise<void> {
    session.pc.close();
    if (!session.location) return;
    const headers: Record<string, string> = {};
    if (this.#token) headers.Authorization = `Bearer ${this.#token}`;
    try {
      await (this.#options.fetch ?? fetch)(session.location, { method: 'DELETE', headers, keepalive: true });
    } catch {
      // The server ends sessions whose peer went away; nothing more to do.
    }
  }
}
