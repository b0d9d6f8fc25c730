import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import cors from 'cors';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import {
  ErrorCode,
  errorMessages,
  errorText,
  JACKPOT_SOCKET_NAMESPACE,
  NotificationEvent,
  NotificationRequest,
  originAllowed,
  rejoinRequest,
  type FloorMachine,
  type TokenClaims,
} from '@reelcast/protocol';
import type { RawAnswerHeaders } from '@reelcast/protocol/server';
import type { AuthService } from '../auth/index.ts';
import type { Bus } from '../bus/index.ts';
import type { ChatPresence } from '../chat/index.ts';
import type { Config } from '../config.ts';
import { platformOrigins } from '../http/index.ts';
import type { MachinePlay, MachineRegistry } from '../machines/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { Ledger } from '../wallet/index.ts';
import type { PushLog } from './push-log.ts';
import { onDeliveries } from './deliveries.ts';
import { FanoutAdapter } from './fanout-adapter.ts';

const playerRoom = (id: number) => `player:${id}`;
/** The sockets of the operator's team (staff, admin): the console's floor pushes go to them alone. */
const teamRoom = 'team';

/** What a notification socket carries once its handshake signed it in. */
type SocketData = { player: TokenClaims };
export type NotificationServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type NotificationSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export interface NotificationSocketDeps {
  auth: Pick<AuthService, 'authenticate' | 'liveSessions'>;
  bus: Bus;
  config: Config;
  play: Pick<MachinePlay, 'openSlotSessionsOf'>;
  machines: Pick<MachineRegistry, 'byId'>;
  chat: { presence: Pick<ChatPresence, 'socketConnected' | 'socketDisconnected'> };
  ledger: Pick<Ledger, 'balance'>;
  pushLog: Pick<PushLog, 'since'>;
  players: Pick<PlayersService, 'byId'>;
  /** The console's row of a machine (console/ gives it), pushed as `floor` to the team's sockets. */
  floor: { machine(id: number): Promise<FloorMachine> };
}

/**
 * The notification socket (docs/api.md): pushes `balance` to the player whose wallet changed and
 * `machine` to everyone, and the team chat's messages, presence and read marks (docs/chat.md).
 * Pushes come from the bus; with Redis every instance hears every publish and emits to its own
 * clients only. A socket whose sign-in session ends is closed: at once for a logout,
 * a password change or a ban (the `revoked` topic, auth/revocations.ts), and within
 * `socketRecheckSeconds` for anything else (an expiry), found by re-checking every socket's session.
 */
export function attachNotificationSocket(
  server: HttpServer,
  { auth, bus, config, play, machines, chat, ledger, pushLog, players, floor }: NotificationSocketDeps,
  options: { answerHeaders: RawAnswerHeaders; pushed?: (event: string, since: number) => void },
): NotificationServer {
  const allowed = platformOrigins(config, (server.address() as AddressInfo).port);
  const io: NotificationServer = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    adapter: FanoutAdapter,
    allowRequest: (req, callback) => {
      callback(null, originAllowed(req.headers.origin, allowed));
    },
  });
  // The engine's own answers (long-polling, handshake, refusals, a CORS preflight) carry the API's
  // security headers, and a page on another allowed origin (Settings.json apiBaseUrl elsewhere) gets the
  // CORS headers it needs to read them; any other origin is refused by allowRequest. In this order (the
  // `cors` option of socket.io would come first and answer a preflight before the headers are set).
  io.engine.use(options.answerHeaders);
  io.engine.use(cors({ origin: (origin, callback) => callback(null, originAllowed(origin, allowed)), credentials: false }));

  /** Signs the socket in with the handshake's token; false when the token is not a live session. */
  const signIn = async (socket: NotificationSocket): Promise<boolean> => {
    const { auth: handshakeAuth, query } = socket.handshake;
    const raw = (handshakeAuth as { token?: unknown })?.token ?? query.token;
    const token = typeof raw === 'string' && raw.length <= 4096 ? raw : null;
    // A check that fails (the database away) throws: the socket is refused as 'try again', not as a bad token.
    const claims = token ? await auth.authenticate(token) : null;
    if (!claims) return false;
    socket.data.player = claims;
    await socket.join(playerRoom(claims.id));
    // A team token's account is asked for its role now, as the console's routes check it (docs/console.md
    // "Rights"); a player's token costs no query.
    const team = (role?: string) => role === 'staff' || role === 'admin';
    if (claims.role?.some(team) && team((await players.byId(claims.id))?.role)) await socket.join(teamRoom);
    return true;
  };
  // The jackpot signalling socket (SPEC §7, docs/jackpots.md): a namespace of this server with the
  // same sign-in, that carries the jackpot pushes only.
  const jackpots = io.of(JACKPOT_SOCKET_NAMESPACE);
  const namespaces = [io.of('/'), jackpots];
  // SignatureNotVerified signs the page out (a token that is no live session); InternalError is a check
  // that could not be made, after which the page tries again and keeps its session (docs/api.md).
  for (const namespace of namespaces) {
    namespace.use((socket, next) => {
      signIn(socket).then(
        (signedIn) => next(signedIn ? undefined : new Error(String(ErrorCode.SignatureNotVerified))),
        () => next(new Error(String(ErrorCode.InternalError))),
      );
    });
  }
  jackpots.on('connection', (socket) => socket.onAny(() => {}));

  // A player who comes back (reload, another device) while holding a seat gets the reconnect dialog.
  const offerReconnect = async (socket: NotificationSocket) => {
    const open = await play.openSlotSessionsOf(socket.data.player.id).catch(() => []);
    for (const session of open) {
      const machine = await machines.byId(session.machineId).catch(() => null);
      if (machine)
        socket.emit(NotificationEvent.Session, { status: true, name: machine.name, id: machine.id, machine_status: machine.status });
    }
  };
  /** The answer to `rejoin` (SPEC §7, after POST /player/cancel), at most one a second per socket. */
  const rejoin = (socket: NotificationSocket) => {
    let last = 0;
    return async (payload: unknown): Promise<{ ok: true } | { ok: false; code: ErrorCode; ErrorMessage: string }> => {
      const refuse = (code: ErrorCode) => ({ ok: false as const, code, ErrorMessage: errorText(code) });
      const request = rejoinRequest.safeParse(payload);
      if (!request.success) return refuse(ErrorCode.InvalidRequest);
      if (Date.now() - last < 1_000) return refuse(ErrorCode.TooManyRequests);
      last = Date.now();
      const claims = await auth.authenticate(request.data.token).catch(() => null);
      if (!claims || claims.id !== socket.data.player.id) return refuse(ErrorCode.SignatureNotVerified);
      socket.data.player = claims;
      socket.emit(NotificationEvent.Balance, { balance: await ledger.balance(claims.id) });
      await offerReconnect(socket);
      return { ok: true };
    };
  };

  // A first connection hands back its sign-in answer's `pushesFrom`: the pushes it missed since are sent
  // again (push-log.ts), or `resync` when they cannot all be told. Pushes sent meanwhile reach it live too:
  // each states what is now, so the last one sent wins either way.
  const catchUp = (socket: NotificationSocket) => {
    const from = (socket.handshake.auth as { pushesFrom?: unknown } | undefined)?.pushesFrom;
    if (from === undefined) return;
    const missed = pushLog.since(from, socket.data.player.id);
    if (!missed) socket.emit(NotificationEvent.Resync);
    for (const { event, payload } of missed ?? []) socket.emit(event, payload);
  };
  io.on('connection', (socket) => {
    // The sockets push; a client may only ask to rejoin. Anything else it sends is ignored.
    socket.onAny(() => {});
    const answerRejoin = rejoin(socket);
    socket.on(NotificationRequest.Rejoin, (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => {};
      answerRejoin(payload).then(reply, () =>
        reply({ ok: false, code: ErrorCode.InternalError, ErrorMessage: errorMessages[ErrorCode.InternalError] }),
      );
    });
    catchUp(socket);
    void offerReconnect(socket);
    // A live socket is what makes its user present in the team chat (docs/chat.md "Presence").
    const { id } = socket.data.player;
    chat.presence.socketConnected(id);
    socket.on('disconnect', () => chat.presence.socketDisconnected(id));
  });

  // A machine's change reaches the console as its whole floor row, read once per instance with team
  // sockets, one read at a time per machine so the rows go out in the order of the changes.
  const floorReads = new Map<number, Promise<void>>();
  const pushFloor = (id: number) => {
    const heard = performance.now();
    const team = io.of('/').local.to(teamRoom);
    const previous = floorReads.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (!io.of('/').adapter.rooms.get(teamRoom)?.size) return;
      const row = await floor.machine(id).catch(() => null);
      if (!row) return;
      team.emit(NotificationEvent.Floor, row);
      options.pushed?.(NotificationEvent.Floor, heard);
    });
    floorReads.set(id, next);
    void next.finally(() => {
      if (floorReads.get(id) === next) floorReads.delete(id);
    });
  };

  const sessionOf = (socket: { data: { player?: { jti?: string } } }) => socket.data.player?.jti;
  const everySocket = () => namespaces.flatMap((namespace) => [...namespace.sockets.values()]);
  const closeSessions = (ended: (jti: string) => boolean) => {
    for (const socket of everySocket()) {
      const jti = sessionOf(socket);
      if (jti && ended(jti)) socket.disconnect(true);
    }
  };
  const recheck = setInterval(() => {
    const asked = new Set(
      everySocket()
        .map(sessionOf)
        .filter((jti): jti is string => !!jti),
    );
    if (!asked.size) return;
    auth
      .liveSessions([...asked])
      // Only the sessions asked about: a socket that connected meanwhile was checked when it connected.
      .then((live) => closeSessions((jti) => asked.has(jti) && !live.has(jti)))
      .catch(() => {}); // the database is away: try again next time
  }, config.socketRecheckSeconds * 1000);
  recheck.unref();

  const unsubscribe = [
    bus.subscribe('machine', ({ id }) => pushFloor(id)),
    bus.subscribe('floor', ({ id }) => pushFloor(id)),
    bus.subscribe('revoked', ({ sessionIds }) => {
      const ended = new Set(sessionIds);
      closeSessions((jti) => ended.has(jti));
    }),
    // Brand jackpots (docs/jackpots.md) go to the jackpot signalling socket too; the rest to the portal's.
    onDeliveries(bus, ({ event, payload, to, except }) => {
      const heard = performance.now();
      const jackpot = event === NotificationEvent.Jackpot || event === NotificationEvent.JackpotWin;
      for (const namespace of jackpot ? namespaces : [io.of('/')]) {
        const audience = to ? namespace.local.to(to.map(playerRoom)) : namespace.local;
        (except === undefined ? audience : audience.except(playerRoom(except))).emit(event, payload);
      }
      options.pushed?.(event, heard);
    }),
  ];
  io.engine.on('close', () => {
    clearInterval(recheck);
    unsubscribe.forEach((u) => u());
  });
  return io;
}
