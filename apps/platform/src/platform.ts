import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import { JACKPOT_SOCKET_NAMESPACE, type PlayerRole } from '@reelcast/protocol';
import { closeWithin } from '@reelcast/protocol/server';
import { AuditLog } from './audit/index.ts';
import { AttemptLimiter, AuthService, Revocations, loadInstanceKeys, TokenSigner } from './auth/index.ts';
import type { Clock } from './shared/index.ts';
import { InProcessBus, type Bus, RedisBus } from './bus/index.ts';
import { ChatService } from './chat/index.ts';
import { resolveDataPath, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { healthRoutes } from './http/index.ts';
import { IpCheck } from './ip-check/index.ts';
import { Jackpots } from './jackpots/index.ts';
import type { Services } from './services.ts';
import { MachineAgents, MachinePlay, MachineRegistry, type SeatLimits } from './machines/index.ts';
import { openMailTransport } from './mail/index.ts';
import { attachNotificationSocket, PushLog } from './notifications/index.ts';
import { Floor } from './console/index.ts';
import { PinSeal, PlayersService } from './players/index.ts';
import { ProtectionService } from './protection/index.ts';
import { loadPromotionsConfig, PromotionsService, WeeklyPayoutCap } from './promotions/index.ts';
import { QuickPanelService } from './quick-panel/index.ts';
import { seedDemoData } from './seed/index.ts';
import { buildApp } from './server/index.ts';
import { SelfService } from './self-service/index.ts';
import { SettingsFile } from './settings/index.ts';
import { Ledger } from './wallet/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
const defaultPortalDir = path.join(repoRoot, 'apps/portal/dist');
const mediaDir = path.resolve(here, '../media');

export interface RunningPlatform {
  url: string;
  app: FastifyInstance;
  io: SocketServer;
  services: Services;
  /**
   * The first step of a graceful stop: /readyz answers 503 for `seconds` while everything still serves,
   * so a load balancer polling it stops sending new work here. Then call close().
   */
  drain(seconds: number): Promise<void>;
  /**
   * Stops accepting connections, closes the notification sockets at the transport (socket.io-client
   * reconnects by itself, through the load balancer to another instance), lets requests in flight
   * finish (up to 5 s), then closes the database and Redis.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
  /** A log made by the caller, in place of one made from `logger` (a test reads what the platform writes). */
  log?: Logger;
  /**
   * Origins the pages may connect to besides the ones machine agents report (the CSP's connect-src):
   * `reelcast start` names its own agent, before the agent has reported anything.
   */
  connectUrls?: string[];
}

/** What the services are built with besides the config. */
export interface ServiceOptions {
  clock?: Clock;
  /** Where they report what goes wrong in the background (the server's log); silent when not given. */
  log?: Logger;
  /** The address the mailed links point to without PUBLIC_URL: the server's own once it listens. */
  ownUrl?: () => string;
}

/** Opens the database (migrated), and the services on it, without serving anything: CLI and server share it. */
export async function openServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const { clock = () => new Date(), log = pino({ enabled: false }), ownUrl = () => `http://localhost:${config.port}` } = options;
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Before the database: on PostgreSQL without KEYS_DIR this stops the start, having changed nothing.
  const keys = await loadInstanceKeys({
    databaseUrl: config.databaseUrl,
    keysDir: config.keysDir,
    machineApiToken: config.machineApiToken,
    dataKeysDir: resolveDataPath(config, 'keys'),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: resolveDataPath(config, 'db') });
  try {
    await database.migrate();
    const bus: Bus = config.redisUrl ? await RedisBus.connect(config.redisUrl, config.redisPrefix) : new InProcessBus();
    const { db } = database;
    const { machineApiToken } = keys;
    const machines = new MachineRegistry(db, bus);
    const agents = new MachineAgents({
      db,
      machines,
      serviceToken: machineApiToken,
      // `players` needs the revocations, which need the agents: asked only once the platform runs.
      roleOf: async (playerId): Promise<PlayerRole | undefined> => (await players.byId(playerId))?.role,
      log: (message, detail) => log.warn({ detail }, message),
    });
    const revocations = new Revocations({ db, bus, agents, clock });
    const ledger = new Ledger(db, bus);
    const players = new PlayersService(db, revocations, ledger, new PinSeal(keys.signingKeys.secret));
    await ledger.ensureSystemAccounts();
    // PINs an older version kept in clear become verifiers before anything can send them (docs/pin-lock.md).
    await players.hashClearPins();
    const tokens = new TokenSigner(keys.signingKeys);
    const audit = new AuditLog(db);
    const attempts = new AttemptLimiter(db, clock);
    const settings = new SettingsFile(config.settingsFile ?? resolveDataPath(config, 'Settings.json'));
    const protection = new ProtectionService({
      db,
      audit,
      settings,
      clock,
      revocations,
      people: players,
      // The seats' agents hear a change of the limits in force at once (docs/player-protection.md "During play").
      seats: {
        limitsChanged: (playerId): Promise<void> =>
          agents.limitsChanged(playerId, (): Promise<SeatLimits[]> => play.seatLimitsOf(playerId)),
      },
    });
    const auth = new AuthService({ db, players, audit, tokens, config, clock, revocations, attempts, exclusions: protection });
    const ipCheck = new IpCheck({ settings, permittedCountries: config.permittedCountries, audit, clock });
    const play = new MachinePlay({
      db,
      ledger,
      auth,
      machines,
      clock,
      deadlineMs: config.transferDeadlineSeconds * 1000,
      payoutCap: new WeeklyPayoutCap({ clock }),
      cashInGuard: protection,
      floorChanged: (id) => bus.publish('floor', { id }),
    });
    const promotions = new PromotionsService({ db, ledger, settings, play, clock, config: loadPromotionsConfig() });
    const jackpots = new Jackpots({
      db,
      bus,
      ledger,
      machines,
      players,
      openSeat: (machineId, tx) => play.openSlotSessionOf(machineId, tx),
      log: (message, error) => log.warn({ err: error }, message),
    });
    const quickPanel = new QuickPanelService({ db, bus, clock });
    const selfService = new SelfService({
      db,
      config,
      clock,
      players,
      auth,
      audit,
      revocations,
      limits: protection,
      mail: openMailTransport(config, log),
      log,
      publicUrl: () => config.publicUrl ?? ownUrl(),
    });
    return {
      config,
      database,
      bus,
      ledger,
      players,
      auth,
      audit,
      attempts,
      machines,
      agents,
      revocations,
      play,
      promotions,
      protection,
      jackpots,
      quickPanel,
      settings,
      ipCheck,
      chat: new ChatService({ db, bus, people: players, clock }),
      selfService,
      floor: new Floor({ machines, play, players }),
      pushLog: new PushLog({ bus, clock }),
      machineApiToken,
      clock,
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

export async function closeServices(services: Services): Promise<void> {
  services.jackpots.stop();
  services.pushLog.close();
  // The mails of requests already answered go out before the database closes.
  await services.selfService.close();
  await services.bus.close();
  await services.database.close();
}

/** Runs `work` on the services, holding the embedded database's lock while it does (CLI, tools). */
export async function withServices<T>(
  config: Config,
  work: (services: Services) => T | Promise<T>,
  options: ServiceOptions = {},
): Promise<T> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config);
  try {
    const services = await openServices(config, options);
    try {
      return await work(services);
    } finally {
      await closeServices(services);
    }
  } finally {
    release();
  }
}

/** Starts the platform: database, demo data on first start, REST API, portal, notification socket. */
export async function startPlatform(config: Config, options: StartOptions = {}): Promise<RunningPlatform> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config);
  let services: Services | undefined;
  try {
    // One log for the server and the services, made before either: the services are built with it.
    const log = options.log ?? (options.logger ? pino(options.logger === true ? {} : options.logger) : pino({ enabled: false }));
    // The configured port until the server listens, then the one it got (port 0 in tests).
    let ownUrl = `http://localhost:${config.port}`;
    services = await openServices(config, { clock: options.clock, log, ownUrl: () => ownUrl });
    const seeding = services;
    // Under the migrations' lock: instances started at once on an empty database seed it once.
    if (config.seed) await services.database.exclusive(() => seedDemoData(seeding.machines, seeding.players, seeding.ledger));
    await services.jackpots.meters.ensureMeters();
    await services.settings.createIfMissing();
    // With the IP check on, the country database is read before the first request (else at the first lookup).
    if (await services.ipCheck.enabled()) await services.ipCheck.warm();
    const portalDir = config.portalDir ?? defaultPortalDir;
    const { app, rawAnswerHeaders, metrics } = await buildApp(services, {
      portalDir,
      mediaDir,
      log,
      connectUrls: options.connectUrls ?? [],
    });
    let draining = false;
    healthRoutes(app, { database: services.database, redisUrl: config.redisUrl, draining: () => draining });
    await app.listen({ port: config.port, host: config.host });
    const io = attachNotificationSocket(app.server, services, {
      answerHeaders: rawAnswerHeaders,
      pushed: (event, since) => metrics.pushed(event, since),
    });
    metrics.watchSockets({
      sockets: () => Object.fromEntries(['/', JACKPOT_SOCKET_NAMESPACE].map((name) => [name, io.of(name).sockets.size])),
    });
    const { port } = app.server.address() as AddressInfo;
    ownUrl = `http://localhost:${port}`;
    const running = services;
    const sweeper = setInterval(() => {
      running.play.sweepExpired().catch((error) => app.log.error({ err: error }, 'voiding expired cash-ins failed'));
    }, 5_000);
    sweeper.unref();
    return {
      url: `http://localhost:${port}`,
      app,
      io,
      services: running,
      async drain(seconds) {
        draining = true;
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      },
      async close() {
        draining = true;
        clearInterval(sweeper);
        // Before the sockets close: their disconnects are not presence changes, and this instance's rows go.
        await running.chat.presence.close();
        await closeWithin(app.server, async () => {
          await new Promise<void>((resolve) => {
            void io.close(() => resolve());
          });
          await app.close();
        });
        await closeServices(running);
        release();
      },
    };
  } catch (error) {
    if (services) await closeServices(services).catch(() => {});
    release();
    throw error;
  }
}

/**
 * The embedded database is one process's: a second platform (or a CLI command) on the same data
 * folder is refused with a clear message instead of corrupting it.
 */
export function lockDataDir(config: Config): () => void {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const lock = resolveDataPath(config, 'platform.lock');
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${path.resolve(config.dataDir)} is in use by process ${pid} (the embedded database allows one process). ` +
          'Stop it first, or use PostgreSQL (DATABASE_URL).',
      );
    }
    fs.writeFileSync(lock, String(process.pid));
  }
  return () => fs.rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
