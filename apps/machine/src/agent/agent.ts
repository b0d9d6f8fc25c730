import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { allowedOrigins, bearerToken } from '@reelcast/protocol';
import { closeWithin } from '@reelcast/protocol/server';
import { ProcessVideoTransport, whepRoutes, type IceServer, type VideoCodec, type VideoPath } from '../video/index.ts';
import { setLatencyTraceFile } from '../video/latency-trace.ts';
import type { CabinetEntry } from '../cabinet/cabinets-file.ts';
import type { Scheduler } from '../cabinet/sas/scheduler.ts';
import { cabinetMaker } from '../cabinet/open-cabinet.ts';
import { CabinetPartError } from '../cabinet/sas-cabinet/index.ts';
import { installAgentMetrics } from './agent-metrics.ts';
import { attachGameSocket } from './game-socket.ts';
import { MachineHost, type HostTiming } from './machine-host.ts';
import { PlatformClient } from './platform-client.ts';
import { registerCommands } from './commands.ts';
import { machineIdOf } from './machine-id.ts';
import { agentAnswerHeaders, agentFrameworkErrors, installAgentEdge } from './edge.ts';
import { watchSignIns } from './sign-in-watch.ts';
import { StaffWatchers } from './staff-watchers.ts';
import { retryWithBackoff, type Backoff } from './retry-with-backoff.ts';
import { hostScheduler } from './host-timers.ts';

const CABINET_RETRY: Backoff = { firstMs: 1_000, maxMs: 60_000 };

export interface AgentConfig {
  platformUrl: string;
  serviceToken: string;
  port: number;
  host: string;
  /** How browsers reach this agent; default http://localhost:{port}. */
  publicUrl?: string;
  /** Machines to host; default the machines `cabinets` names, else every machine the platform knows. */
  machineIds?: number[];
  /**
   * The cabinets file's entries (`reelcast machines --cabinets <file>`, docs/cabinets.md): which machine
   * is emulated and which a SAS cabinet with its settings. A machine it does not name is emulated.
   */
  cabinets?: CabinetEntry[];
  /** Machine state files (credit, seat, pending money) live in {dataDir}/machines. */
  dataDir: string;
  /** RNG seed base: machine {id} plays seed `${seed}-${id}`. */
  seed: string;
  /**
   * Browser origins allowed on the game socket and WHEP: the portal's public URL (its loopback aliases
   * come with a loopback one) and ALLOWED_ORIGINS; '*' allows any (docs/security.md "Origins").
   */
  allowedOrigins: string[];
  /**
   * The proxies whose `X-Forwarded-For` gives a game socket's player address (TRUST_PROXY, as the
   * platform's); default none: the connection's own address. The seat request carries it (docs/ip-check.md).
   */
  trustProxy?: string[];
  iceServers?: IceServer[];
  timing?: Partial<HostTiming>;
  /** The machines' clock and timers (default: the wall clock). Tests move it, as a browser test moves the page's clock. */
  scheduler?: Scheduler;
  logger?: boolean | object;
  /** How long idempotent calls to the platform are retried before the agent gives up (ms). */
  platformRetryMs?: number;
  /** How pictures reach viewers (default `forward`: coded once per cabinet and band, docs/video.md). */
  videoPath?: VideoPath;
  /** The codec of a drawn cabinet for a browser that takes both (default `h264`; docs/video.md, MACHINE_VIDEO_CODEC). */
  videoCodec?: VideoCodec;
  /** The frame stamp in every video frame (default false): benchmarks and tests read it (docs/video.md). */
  videoFrameStamp?: boolean;
  /**
   * How often the agent asks the platform whether its seats' sign-in sessions are still live (s,
   * default 15): the bound on how long an expired session, or a revocation it missed, goes on playing.
   */
  signInRecheckSeconds?: number;
  /** Messages per second (and burst) shared by all game sockets of one joined player; default 20 / 40. */
  playerRatePerSecond?: number;
  playerBurst?: number;
  /** How a real cabinet that did not open is opened again (default after 1 s, doubling up to 60 s). */
  cabinetRetry?: Backoff;
  /** MACHINE_LATENCY_TRACE: where the agent and its video process append latency-trace lines; unset: off. */
  latencyTraceFile?: string;
  /** METRICS_TOKEN: the Bearer token of a Prometheus scrape of GET /metrics; unset: no /metrics (docs/operations.md). */
  metricsToken?: string;
}

export interface RunningAgent {
  url: string;
  app: FastifyInstance;
  io: Server;
  hosts: Map<number, MachineHost>;
  /** The video pipeline, in its own process. */
  video: ProcessVideoTransport;
  close(): Promise<void>;
}

/**
 * The machine agent: hosts emulated machines, each with its game socket (namespace /machines/{id})
 * and its WHEP video endpoint (/machines/{id}/whep), and reports them to the platform.
 */
export async function startMachineAgent(config: AgentConfig): Promise<RunningAgent> {
  const platform = new PlatformClient({
    baseUrl: config.platformUrl,
    serviceToken: config.serviceToken,
    retryForMs: config.platformRetryMs,
  });
  const known = await platform.machines();
  const cabinets = new Map((config.cabinets ?? []).map((entry) => [entry.machineId, entry]));
  const ids = config.machineIds ?? (config.cabinets ? [...cabinets.keys()] : null);
  const hosted = ids ? known.filter((m) => ids.includes(m.id)) : known;
  const allowed = allowedOrigins({
    publicUrls: config.allowedOrigins.filter((o) => o !== '*'),
    extra: config.allowedOrigins.filter((o) => o === '*'),
  });

  setLatencyTraceFile(config.latencyTraceFile);
  const answerHeaders = agentAnswerHeaders({ https: (config.publicUrl ?? '').startsWith('https:') });
  const app = Fastify({ logger: config.logger ?? false, bodyLimit: 256 * 1024, frameworkErrors: agentFrameworkErrors(answerHeaders) });
  const hosts = new Map<number, MachineHost>();
  const hostOf = (machineId: string) => {
    const id = machineIdOf(machineId);
    return id === null ? undefined : hosts.get(id);
  };
  /** The video process draws a cabinet from its view, or plays its capture input (a camera); without either, no picture. */
  const pictureOf = (machineId: string) => hostOf(machineId)?.video.kind ?? 'none';
  const transport = new ProcessVideoTransport({
    path: config.videoPath ?? 'forward',
    codec: config.videoCodec ?? 'h264',
    frameStamp: config.videoFrameStamp ?? false,
    latencyTraceFile: config.latencyTraceFile,
    log: (message, detail) => app.log.warn({ detail }, message),
  });
  // Started now, in the background, so the first viewer does not wait for it.
  transport.start().catch((error) => app.log.error({ err: error }, 'the video process did not start'));

  await installAgentEdge(app, { allowed, headers: answerHeaders });
  const watchers = new StaffWatchers({
    platform,
    closeViewers: (machineId, authSessionIds) => transport.closeViewerSessions(machineId, authSessionIds),
    log: (message, detail) => app.log.warn({ detail }, message),
  });

  app.get('/health', () => ({ ok: true, machines: [...hosts.keys()] }));
  const metrics = installAgentMetrics(app, { token: config.metricsToken, videoSessions: () => transport.sessionCount() });
  registerCommands(app, hosts, config.serviceToken, watchers);
  await app.register(
    whepRoutes({
      transport,
      iceServers: config.iceServers ?? [],
      machineExists: (machineId) => pictureOf(machineId) !== 'none',
      // Every drawn cabinet has its drawn cabinet camera (docs/video.md "Cabinet camera").
      hasCabinetCamera: (machineId) => pictureOf(machineId) === 'rendered',
      authorize: async (request, machineId) => {
        const token = bearerToken(request.headers.authorization);
        if (!token) return 'unauthenticated';
        // A member of staff watching from the console (docs/console.md "Watch"): the platform decides; never the seat.
        const watch = request.method === 'POST' && (request.query as { watch?: string }).watch === 'staff';
        const watcher =
          watch && hostOf(machineId) ? await watchers.admit(request, machineId, token, request.ip) : watchers.known(token, machineId);
        if (watch || watcher) return watcher ? { viewer: watcher } : 'forbidden';
        // The portal asks for the video while its seat request is on its way: that answer decides.
        const viewer = await hostOf(machineId)?.viewerOfAfterJoin(token);
        return viewer ? { viewer } : 'forbidden';
      },
    }),
    { prefix: '/machines' },
  );

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const publicUrl = (config.publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');
  const { io, channel } = attachGameSocket(app.server, {
    hosts,
    allowed,
    trustProxy: config.trustProxy ?? [],
    playerRatePerSecond: config.playerRatePerSecond,
    playerBurst: config.playerBurst,
  });
  io.engine.use(answerHeaders);
  metrics.gameSockets = () => io.engine.clientsCount;

  let closing = false;
  /** Opens a machine's cabinet, loads its host and announces it; what failed is closed again before the error is thrown. */
  const hostMachine = async (machine: (typeof hosted)[number]): Promise<void> => {
    const cabinet = await cabinetMaker(cabinets.get(machine.id), { machineId: String(machine.id), seed: `${config.seed}-${machine.id}` });
    const host = MachineHost.load({
      id: machine.id,
      name: machine.name,
      platform,
      channel,
      timing: config.timing,
      scheduler: config.scheduler,
      stateFile: path.resolve(config.dataDir, 'machines', `${machine.id}.json`),
      cabinet,
      // The video process draws what the host shows; only the seated player may watch (docs/video.md).
      onViewChanged: (view, changed) => {
        if (host.video.kind === 'rendered') transport.publish(String(machine.id), view, changed);
      },
      // The seat's video ends with it; staff watching from the console watch on (docs/console.md "Watch").
      onSeatEnded: () => transport.closeMachineSessions(String(machine.id), watchers.viewersOf(String(machine.id))),
      onSignInsEnded: (authSessionIds) => transport.closeViewerSessions(String(machine.id), authSessionIds),
      log: (message, detail) => app.log.warn({ machine: machine.id, detail }, message),
    });
    const picture = host.video;
    if (picture.kind === 'capture') transport.setCapture(String(machine.id), picture.source);
    // Reachable (game socket, video, commands) only once its recovery is done.
    const whep = picture.kind === 'none' ? null : `${publicUrl}/machines/${machine.id}/whep`;
    try {
      await host.start({ address: `${publicUrl}/machines/${machine.id}`, video: whep });
    } catch (error) {
      await host.close();
      throw error;
    }
    if (closing) return host.close();
    hosts.set(machine.id, host);
    if (picture.kind === 'rendered') transport.publish(String(machine.id), host.view(), false);
  };

  // A real cabinet that does not open (a wrong device path, a machine that does not answer) leaves the
  // others hosted: it is offline in the lobby and opened again with a backoff (docs/cabinets.md).
  const retries: (() => void)[] = [];
  const cabinetFailed = (machineId: number) => (error: unknown, retryInMs: number) => {
    const field = error instanceof CabinetPartError ? error.field : null;
    app.log.error(
      { machine: machineId, field, retryInMs },
      `machine ${machineId}: its cabinet (the cabinets file's entry for machine ${machineId}) did not open: ${(error as Error).message}; offline, opened again in ${retryInMs / 1000} s`,
    );
    platform
      .reportStatus(machineId, { status: 'offline', address: null, video: null })
      .catch((reportError) => app.log.warn({ machine: machineId, err: reportError }, 'the offline status did not reach the platform'));
  };
  // Side by side: a real cabinet slow to answer (a SAS open takes a few poll slots, one that does not
  // answer several seconds) delays no other machine.
  await Promise.all(
    hosted.map(async (machine) => {
      if (cabinets.get(machine.id)?.kind === 'sas')
        retries.push(
          await retryWithBackoff(
            () => hostMachine(machine),
            cabinetFailed(machine.id),
            config.cabinetRetry ?? CABINET_RETRY,
            hostScheduler,
          ),
        );
      else await hostMachine(machine);
    }),
  );

  const recheckMs = (config.signInRecheckSeconds ?? 15) * 1000;
  const stopWatch = watchSignIns({ hosts, platform, everyMs: recheckMs, log: (message, detail) => app.log.warn({ detail }, message) });
  const stopWatchers = watchers.start(recheckMs);

  return {
    url: publicUrl,
    app,
    io,
    hosts,
    video: transport,
    async close() {
      closing = true;
      for (const stop of retries) stop();
      stopWatch();
      stopWatchers();
      // Play counters not reported yet go now if the platform answers soon; else with the next start.
      await Promise.all([...hosts.values()].map((host) => host.flushCounters(2_000)));
      await Promise.allSettled([...hosts.values()].map((host) => host.close()));
      await closeWithin(app.server, async () => {
        await new Promise<void>((resolve) => {
          void io.close(() => resolve());
        });
        await transport.close();
        await app.close();
      });
    },
  };
}
