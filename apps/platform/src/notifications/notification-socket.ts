import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { ErrorCode, NotificationEvent, originAllowed } from '@reelcast/protocol';
import { platformOrigins } from '../http/origins.ts';
import type { Services } from '../http/context.ts';

const playerRoom = (id: number) => `player:${id}`;

/**
 * The notification socket (docs/api.md): pushes `balance` to the player whose wallet changed and
 * `machine` to everyone. Pushes come from the bus; with Redis every instance hears every publish and
 * emits to its own clients only. A socket whose sign-in session ends is closed: at once for a logout,
 * a password change or a ban (the `revoked` topic, auth/revocations.ts), and within
 * `socketRecheckSeconds` for anything else (an expiry), found by re-checking every socket's session.
 */
export function attachNotificationSocket(server: HttpServer, { auth, bus, config, play, machines }: Services): Server {
  const allowed = platformOrigins(config, (server.address() as AddressInfo).port);
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (req, callback) => {
      callback(null, originAllowed(req.headers.origin, allowed));
    },
  });

  io.use(async (socket, next) => {
    const { auth: handshakeAuth, query } = socket.handshake;
    const raw = (handshakeAuth as { token?: unknown })?.token ?? query.token;
    const token = typeof raw === 'string' && raw.length <= 4096 ? raw : null;
    const claims = token ? await auth.authenticate(token).catch(() => null) : null;
    if (!claims) return next(new Error(String(ErrorCode.SignatureNotVerified)));
    socket.data.player = claims;
    await socket.join(playerRoom(claims.id));
    next();
  });

  io.on('connection', async (socket) => {
    // The sockets only push; anything a client sends is ignored.
    socket.onAny(() => {});
    // A player who comes back (reload, another device) while holding a seat gets the reconnect dialog.
    const open = await play.openSessionsOf(socket.data.player.id).catch(() => []);
    for (const session of open) {
      const machine = await machines.byId(session.machineId).catch(() => null);
      if (machine) socket.emit(NotificationEvent.Session, { status: true, name: machine.name, id: machine.id, machine_status: machine.status });
    }
  });

  const sessionOf = (socket: { data: { player?: { jti?: string } } }) => socket.data.player?.jti;
  const closeSessions = (ended: (jti: string) => boolean) => {
    for (const socket of io.of('/').sockets.values()) {
      const jti = sessionOf(socket);
      if (jti && ended(jti)) socket.disconnect(true);
    }
  };
  const recheck = setInterval(() => {
    const asked = new Set([...io.of('/').sockets.values()].map(sessionOf).filter((jti): jti is string => !!jti));
    if (!asked.size) return;
    auth
      .liveSessions([...asked])
      // Only the sessions asked about: a socket that connected meanwhile was checked when it connected.
      .then((live) => closeSessions((jti) => asked.has(jti) && !live.has(jti)))
      .catch(() => {}); // the database is away: try again next time
  }, config.socketRecheckSeconds * 1000);
  recheck.unref();

  const unsubscribe = [
    bus.subscribe('revoked', ({ sessionIds }) => {
      const ended = new Set(sessionIds);
      closeSessions((jti) => ended.has(jti));
    }),
    bus.subscribe('balance', ({ playerId, balance }) => {
      io.local.to(playerRoom(playerId)).emit(NotificationEvent.Balance, { balance });
    }),
    bus.subscribe('machine', (push) => {
      io.local.emit(NotificationEvent.Machine, push);
    }),
  ];
  io.engine.on('close', () => {
    clearInterval(recheck);
    unsubscribe.forEach((u) => u());
  });
  return io;
}
