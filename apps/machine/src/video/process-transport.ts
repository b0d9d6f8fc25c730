import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CabinetViewState } from './cabinet-state.ts';
import type { CaptureInput } from './capture-source.ts';
import { trace } from './latency-trace.ts';
import { SdpError } from './sdp.ts';
import type { SharedH264StreamStats } from './shared-h264-stream.ts';
import type { SharedStreamStats } from './shared-stream.ts';
import {
  VIDEO_PROCESS_OPTIONS_ENV,
  type FromVideoProcess,
  type ToVideoProcess,
  type VideoPath,
  type VideoProcessOptions,
} from './video-ipc.ts';
import type { BandFeedStats } from './video-source.ts';
import {
  SessionTableTransport,
  VideoSessionRecord,
  type VideoSession,
  type VideoSessionRequest,
  type VideoSessionState,
} from './video-transport.ts';
import type { SenderStats } from './wrtc-transport.ts';

const ENTRY = fileURLToPath(new URL('./video-process.mjs', import.meta.url));

export interface ProcessVideoTransportOptions extends VideoProcessOptions {
  /** A session the video process has not answered within this long fails (ms). */
  readonly answerTimeoutMs?: number;
  /** After the video process dies, it is started again after this long, doubling up to 10 s (ms). */
  readonly restartDelayMs?: number;
  readonly log?: (message: string, detail?: unknown) => void;
}

export interface VideoProcessStats {
  /** process.cpuUsage() of the video process (µs of user and system time). */
  readonly cpu: NodeJS.CpuUsage;
  /** Frame loops by `{machine}/{band}`. */
  readonly feeds: Record<string, BandFeedStats>;
  /** libwebrtc sender counters by session id (the `per-viewer` path). */
  readonly senders: Record<string, SenderStats>;
  /** The shared encoders by `{machine}/{band}@{fps}` (the `forward` path), and passed-through cameras' by `{machine}/h264`. */
  readonly streams: Record<string, SharedStreamStats | SharedH264StreamStats>;
}

/**
 * VideoTransport that runs the video pipeline (frame loops, VP8 encoding, peer connections) in a
 * child process (video-process.ts). The agent keeps the money, the seats and the WHEP routes; the
 * video process knows only how each cabinet looks (`publish`). So a fault in the native video code
 * can end the video but never a money movement, and encoding never delays a button press. A video process that
 * dies is started again; its viewers' sessions end (the player's page reconnects the video).
 */
export class ProcessVideoTransport extends SessionTableTransport<ProxySession> {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private readonly views = new Map<string, CabinetViewState>();
  private readonly captures = new Map<string, CaptureInput>();
  private readonly waiting = new Map<number, { resolve: (message: FromVideoProcess) => void; reject: (error: Error) => void }>();
  private serial = 0;
  private closing = false;
  private readonly firstRestartDelay: number;
  private restartDelay: number;
  private restartTimer: NodeJS.Timeout | undefined;
  private servedPath: VideoPath | null = null;
  private starts = 0;

  constructor(private readonly options: ProcessVideoTransportOptions) {
    super();
    this.firstRestartDelay = options.restartDelayMs ?? 500;
    this.restartDelay = this.firstRestartDelay;
  }

  /** Starts the video process (also done on first use); resolves once it serves. */
  start(): Promise<void> {
    if (this.closing) return Promise.reject(new Error('The video transport is closed.'));
    this.ready ??= this.spawn();
    return this.ready;
  }

  /** The video path the video process serves (null before it started). */
  get path(): VideoPath | null {
    return this.servedPath;
  }

  /** The video process's pid, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How many times the video process was started (1 + restarts). */
  get startCount(): number {
    return this.starts;
  }

  /**
   * How a machine looks now. `changed` (a press, a meter change) sends a frame at once rather than
   * at the next tick of the frame loop.
   */
  publish(machineId: string, view: CabinetViewState, changed = true): void {
    this.views.set(machineId, view);
    this.post({ t: 'view', machineId, view, changed });
    if (changed) trace.mark('view-sent', machineId);
  }

  /** The machine's picture is this capture input (a camera, docs/video.md), or drawn from its view again (null). */
  setCapture(machineId: string, capture: CaptureInput | null): void {
    if (capture) this.captures.set(machineId, capture);
    else this.captures.delete(machineId);
    this.post({ t: 'capture', machineId, capture });
  }

  async createSession(request: VideoSessionRequest): Promise<VideoSession> {
    await this.start();
    const reply = await this.ask({
      t: 'create',
      req: 0,
      machineId: request.machineId,
      bandId: request.band.id,
      fps: request.band.fps,
      offerSdp: request.offerSdp,
      iceServers: (request.iceServers ?? []).map((s) => ({ ...s })),
    });
    if (reply.t === 'create-failed') throw reply.sdpError ? new SdpError(reply.message) : new Error(reply.message);
    if (reply.t !== 'created') throw new Error(`The video process answered ${reply.t}.`);
    const session = new ProxySession(reply.sessionId, request, reply.answerSdp, reply.createdAt, {
      ended: (s) => this.sessions.delete(s.id),
      closing: (s) => this.post({ t: 'close', sessionId: s.id }),
    });
    this.sessions.set(session.id, session);
    return session;
  }

  /** CPU time and frame-loop figures of the video process (benchmarks). */
  async stats(): Promise<VideoProcessStats> {
    await this.start();
    const reply = await this.ask({ t: 'stats', req: 0 });
    if (reply.t !== 'stats') throw new Error(`The video process answered ${reply.t}.`);
    return { cpu: reply.cpu, feeds: reply.feeds, senders: reply.senders, streams: reply.streams };
  }

  /** Ends every session and stops the video process. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restartTimer);
    for (const session of [...this.sessions.values()]) session.end();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Closing the IPC channel tells the video process to end its sessions and exit.
    if (child.connected) child.disconnect();
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  }

  private spawn(): Promise<void> {
    const { answerTimeoutMs: _answer, restartDelayMs: _restart, log: _log, ...processOptions } = this.options;
    const child = fork(ENTRY, [], {
      env: { ...process.env, [VIDEO_PROCESS_OPTIONS_ENV]: JSON.stringify(processOptions) },
      // Not the parent's flags (a debugger port, vitest's loaders): the entry registers tsx itself.
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    this.starts++;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      child.on('message', (message: FromVideoProcess) => {
        if (message.t === 'ready') {
          started = true;
          this.servedPath = message.path;
          this.restartDelay = this.firstRestartDelay;
          // A restarted process learns how every machine looks.
          for (const [machineId, view] of this.views) this.post({ t: 'view', machineId, view, changed: false });
          for (const [machineId, capture] of this.captures) this.post({ t: 'capture', machineId, capture });
          resolve();
          return;
        }
        if (message.t === 'state') {
          const session = this.sessions.get(message.sessionId);
          if (message.state === 'closed') session?.end();
          else session?.setState(message.state);
          return;
        }
        const waiter = this.waiting.get(message.req);
        if (waiter) {
          this.waiting.delete(message.req);
          waiter.resolve(message);
        }
      });
      child.once('error', (error) => this.options.log?.('video process error', error));
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        this.ready = undefined;
        for (const session of [...this.sessions.values()]) session.end();
        for (const [req, waiter] of this.waiting) {
          this.waiting.delete(req);
          waiter.reject(new Error('The video process ended.'));
        }
        if (!started) reject(new Error(`The video process exited during start-up (code ${code}, signal ${signal}).`));
        if (this.closing) return;
        this.options.log?.('video process ended; starting it again', { code, signal, inMs: this.restartDelay });
        this.restartTimer = setTimeout(() => {
          if (!this.closing) this.start().catch((error) => this.options.log?.('video process restart failed', error));
        }, this.restartDelay);
        this.restartTimer.unref();
        this.restartDelay = Math.min(10_000, this.restartDelay * 2);
      });
    });
  }

  private ask(message: Extract<ToVideoProcess, { req: number }>): Promise<FromVideoProcess> {
    const req = ++this.serial;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(req);
        reject(new Error('The video process did not answer in time.'));
      }, this.options.answerTimeoutMs ?? 10_000);
      this.waiting.set(req, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      if (!this.post({ ...message, req })) {
        this.waiting.delete(req);
        clearTimeout(timer);
        reject(new Error('The video process is not running.'));
      }
    });
  }

  private post(message: ToVideoProcess): boolean {
    const child = this.child;
    if (!child?.connected) return false;
    child.send(message);
    return true;
  }
}

/** The agent's handle on a session that lives in the video process. */
class ProxySession extends VideoSessionRecord {
  constructor(
    id: string,
    request: VideoSessionRequest,
    answerSdp: string,
    createdAt: number,
    private readonly on: { ended: (session: ProxySession) => void; closing: (session: ProxySession) => void },
  ) {
    super(id, request, answerSdp, createdAt);
  }

  setState(state: VideoSessionState): void {
    if (this.current !== 'closed') this.current = state;
  }

  /** Closes the session here and in the video process. */
  close(): void {
    if (this.current === 'closed') return;
    this.end();
    this.on.closing(this);
  }

  /** Marks it closed here only (the video process already closed it, or is gone). */
  end(): void {
    if (this.current === 'closed') return;
    this.current = 'closed';
    this.on.ended(this);
    this.ended();
  }
}
