import type { VideoBand } from '@reelcast/protocol';

/** One STUN or TURN server, as in RTCIceServer (settings supply them). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface VideoSessionRequest {
  readonly machineId: string;
  readonly band: VideoBand;
  /** The viewer's SDP offer (WHEP POST body). */
  readonly offerSdp: string;
  readonly iceServers?: readonly IceServer[];
  /** Who watches (the agent: the viewer's sign-in session), so their sessions can be closed together. */
  readonly viewer?: string;
}

export type VideoSessionState = 'connecting' | 'connected' | 'closed';

/** One viewer watching one machine at one band. */
export interface VideoSession {
  /** Unguessable; the last segment of the WHEP session URL. */
  readonly id: string;
  readonly machineId: string;
  readonly band: VideoBand;
  readonly viewer?: string;
  /** Complete SDP answer with all ICE candidates (no trickle). */
  readonly answerSdp: string;
  readonly createdAt: number;
  readonly state: VideoSessionState;
  /** Resolves once the session is closed, whatever closed it. */
  readonly closed: Promise<void>;
  close(): void;
}

/**
 * What every transport's session keeps: who watches which picture, since when, its state, and the
 * promise of its end. A subclass sets `current` and calls `ended()` once it has closed.
 */
export abstract class VideoSessionRecord implements VideoSession {
  readonly machineId: string;
  readonly band: VideoBand;
  readonly viewer: string | undefined;
  readonly closed: Promise<void>;
  protected current: VideoSessionState = 'connecting';
  /** Cleared when the session closes. */
  protected readonly timers: NodeJS.Timeout[] = [];
  #grace: NodeJS.Timeout | undefined;
  #resolveClosed!: () => void;

  constructor(
    readonly id: string,
    request: VideoSessionRequest,
    readonly answerSdp: string,
    readonly createdAt: number = Date.now(),
  ) {
    this.machineId = request.machineId;
    this.band = request.band;
    this.viewer = request.viewer;
    this.closed = new Promise((resolve) => (this.#resolveClosed = resolve));
  }

  get state(): VideoSessionState {
    return this.current;
  }

  abstract close(): void;

  protected ended(): void {
    this.#resolveClosed();
  }

  /** Closes the session unless its peer connection is up within `ms`. */
  protected closeUnlessConnectedWithin(ms: number): void {
    this.timers.push(
      setTimeout(() => {
        if (this.current !== 'connected') this.close();
      }, ms),
    );
  }

  /**
   * Follows its peer connection's state (both WebRTC stacks name them alike): failed or closed ends the
   * session, disconnected ends it unless the connection is back within `graceMs`. True when it has just
   * connected.
   */
  protected connectionChanged(state: string, connectedNow: () => boolean, graceMs: number): boolean {
    if (state === 'connected') {
      clearTimeout(this.#grace);
      if (this.current === 'connected') return false;
      this.current = 'connected';
      return true;
    }
    if (state === 'failed' || state === 'closed') this.close();
    else if (state === 'disconnected') {
      clearTimeout(this.#grace);
      this.#grace = setTimeout(() => {
        if (!connectedNow()) this.close();
      }, graceMs);
      this.timers.push(this.#grace);
    }
    return false;
  }
}

/**
 * How machine video leaves the agent. The WHEP routes speak only to this interface; the embedded
 * implementation is WrtcVideoTransport (@roamhq/wrtc), an operator may plug another sender.
 */
export interface VideoTransport {
  /** Answers an offer; rejects with SdpError when the offer cannot be answered (bad SDP, no VP8). */
  createSession(request: VideoSessionRequest): Promise<VideoSession>;
  getSession(id: string): VideoSession | undefined;
  /** Closes one session; false when it does not exist. */
  closeSession(id: string): boolean;
  /** Closes every session of a machine (e.g. when another player takes it) but those of the viewers in `keep`; returns how many. */
  closeMachineSessions(machineId: string, keep?: ReadonlySet<string>): number;
  /** Closes the sessions of a machine opened for these viewers (their sign-in ended); returns how many. */
  closeViewerSessions(machineId: string, viewers: readonly string[]): number;
  sessionCount(): number;
  /** Closes every session. */
  close(): Promise<void>;
}

/**
 * The session bookkeeping every transport shares: open sessions by id, closed one by one or per
 * machine. A subclass adds a session when it answers an offer and deletes it when it closes.
 */
export abstract class SessionTableTransport<S extends VideoSession> implements VideoTransport {
  protected readonly sessions = new Map<string, S>();

  abstract createSession(request: VideoSessionRequest): Promise<VideoSession>;
  abstract close(): Promise<void>;

  getSession(id: string): VideoSession | undefined {
    return this.sessions.get(id);
  }

  closeSession(id: string): boolean {
    const session = this.sessions.get(id);
    if (!session) return false;
    session.close();
    return true;
  }

  closeMachineSessions(machineId: string, keep: ReadonlySet<string> = new Set()): number {
    return this.#closeWhere((session) => session.machineId === machineId && !(session.viewer !== undefined && keep.has(session.viewer)));
  }

  closeViewerSessions(machineId: string, viewers: readonly string[]): number {
    const ended = new Set(viewers);
    return this.#closeWhere((session) => session.machineId === machineId && session.viewer !== undefined && ended.has(session.viewer));
  }

  #closeWhere(matches: (session: S) => boolean): number {
    const closing = [...this.sessions.values()].filter(matches);
    for (const session of closing) session.close();
    return closing.length;
  }

  sessionCount(): number {
    return this.sessions.size;
  }
}
