type WhepSession = { pc: RTCPeerConnection; location: string | null; stream: MediaStream };

export type WhepClientOptions = {
  iceServers?: RTCIceServer[];
  /** Longest wait for ICE gathering before the offer goes out with what it has. */
  iceGatheringTimeoutMs?: number;
  fetch?: typeof fetch;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
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

function iceGatheringComplete(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === 'complete') done();
    }
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/** Render frames as soon as they are decoded: no jitter-buffer target beyond what the network needs. */
function lowLatency(receiver: RTCRtpReceiver): void {
  const tunable = receiver as RTCRtpReceiver & { playoutDelayHint?: number; jitterBufferTarget?: number };
  if ('jitterBufferTarget' in tunable) tunable.jitterBufferTarget = 0;
  if ('playoutDelayHint' in tunable) tunable.playoutDelayHint = 0;
}

/**
 * A receive-only WHEP (RFC 9725) client without trickle ICE: the machine agent's endpoint and a
 * cabinet behind MediaMTX take the same requests. A band switch opens the new session before the
 * old one is deleted, so the picture never goes black.
 */
export class WhepClient {
  #session: WhepSession | null = null;
  #url: string | null = null;
  #token: string | null = null;
  #generation = 0;
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
    return this.#open(band, ++this.#generation);
  }

  /** Opens the new band, then closes the old session. */
  async switchBand(band: string): Promise<MediaStream> {
    if (!this.#url) throw new Error('The video has not been started.');
    return this.#open(band, ++this.#generation);
  }

  /** Ends the session: DELETE on its Location, and the peer connection closes. */
  async stop(): Promise<void> {
    this.#generation++;
    const session = this.#session;
    this.#session = null;
    if (session) await this.#close(session);
  }

  async #open(band: string, generation: number): Promise<MediaStream> {
    const url = this.#url!;
    const fetchImpl = this.#options.fetch ?? fetch;
    const config: RTCConfiguration = { iceServers: this.#options.iceServers ?? [] };
    const pc = this.#options.createPeerConnection?.(config) ?? new RTCPeerConnection(config);
    const next: WhepSession = { pc, location: null, stream: new MediaStream() };
    try {
      const transceiver = pc.addTransceiver('video', { direction: 'recvonly' });
      lowLatency(transceiver.receiver);
      next.stream.addTrack(transceiver.receiver.track);
      await pc.setLocalDescription(await pc.createOffer());
      await iceGatheringComplete(pc, this.#options.iceGatheringTimeoutMs ?? 1000);

      const endpoint = new URL(url, window.location.href);
      endpoint.searchParams.set('band', band);
      const headers: Record<string, string> = { 'Content-Type': 'application/sdp' };
      if (this.#token) headers.Authorization = `Bearer ${this.#token}`;
      const response = await fetchImpl(endpoint.href, { method: 'POST', headers, body: pc.localDescription?.sdp ?? '' });
      if (response.status !== 201) throw new WhepError(response.status, (await response.text()) || `WHEP answered ${response.status}`);
      const location = response.headers.get('Location');
      next.location = location ? new URL(location, endpoint).href : null;
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    } catch (error) {
      await this.#close(next);
      throw error;
    }
    if (generation !== this.#generation) {
      // Stopped or switched again while this one was opening.
      await this.#close(next);
      throw new Error('The video session was replaced.');
    }
    const previous = this.#session;
    this.#session = next;
    if (previous) void this.#close(previous);
    return next.stream;
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
