import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  cashoutRequest,
  ErrorCode,
  errorMessages,
  GameEvent,
  initRequest,
  leaveRequest,
  originAllowed,
  presentRequest,
  realityCheckReply,
  pressRequest,
  transferRequest,
  type AllowedOrigins,
  type InfoPush,
} from '@reelcast/protocol';
import { locales, type z } from 'zod/mini';
import type { Ack, MachineHost, SeatChannel } from './machine-host.ts';
import { playerAddress } from './player-address.ts';
import { trace } from '../video/latency-trace.ts';

export interface GameSocketOptions {
  hosts: ReadonlyMap<number, MachineHost>;
  /** Browser origins allowed to connect (besides requests without an Origin header): the shared rule. */
  allowed: AllowedOrigins;
  /** The proxies whose `X-Forwarded-For` gives the player's address (TRUST_PROXY); empty: the connection's own. */
  trustProxy?: readonly string[];
  /** Messages a socket that has not joined may send per second, and the burst above that. */
  ratePerSecond?: number;
  burst?: number;
  /** The same for a player: every socket that joined as them on this agent shares it. */
  playerRatePerSecond?: number;
  playerBurst?: number;
}

/** zod's English texts for the reasons a client reads: the protocol's zod/mini schemas load no locale. */
const english = locales.en().localeError;

/** A token bucket: `rate` messages a second on average, `burst` at once. */
function tokenBucket(rate: number, burst: number): () => boolean {
  let tokens = burst;
  let refilled = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - refilled) / 1000) * rate);
    refilled = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

const invalid = (message: string): Ack => ({ ok: false, code: ErrorCode.InvalidRequest, ErrorMessage: message });
const throttled: Ack = { ok: false, code: ErrorCode.TooManyRequests, ErrorMessage: errorMessages[ErrorCode.TooManyRequests] };
const playerThrottled: Ack = {
  ok: false,
  code: ErrorCode.TooManyRequests,
  ErrorMessage: 'Too many messages from your game windows together; slow down.',
};

/**
 * The game socket (docs/game-socket.md): namespace `/machines/{id}` per machine. Every client message
 * is validated by its protocol schema and acknowledged; a bad or unauthorised message changes nothing.
 */
export function attachGameSocket(server: HttpServer, options: GameSocketOptions): { io: Server; channel: SeatChannel } {
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: 8 * 1024,
    // The portal opens it as a WebSocket at once (no long-polling, no sticky sessions for the agent).
    transports: ['websocket'],
    cors: { origin: (origin, callback) => callback(null, originAllowed(origin, options.allowed)), credentials: false },
    allowRequest: (req, callback) => callback(null, originAllowed(req.headers.origin, options.allowed)),
  });
  const sockets = new Map<string, Socket>();
  const addressOf = playerAddress(options.trustProxy ?? []);

  const channel: SeatChannel = {
    emit(socketId, event, payload) {
      sockets.get(socketId)?.emit(event, payload);
    },
    drop(socketId, info: InfoPush) {
      const socket = sockets.get(socketId);
      if (!socket) return;
      socket.emit(GameEvent.Info, info);
      // Let the info leave first. Only this machine's namespace: a client may reach several machines over one connection.
      setTimeout(() => socket.disconnect(), 50).unref();
    },
    connected: (socketId) => sockets.has(socketId),
  };

  const rate = options.ratePerSecond ?? 20;
  const burst = options.burst ?? 40;
  // Ten sockets of one player would otherwise get ten times the socket limit.
  const playerBuckets = new Map<number, { allow: () => boolean; sockets: number }>();
  const playerBucket = (playerId: number) => {
    let bucket = playerBuckets.get(playerId);
    if (!bucket)
      playerBuckets.set(
        playerId,
        (bucket = { allow: tokenBucket(options.playerRatePerSecond ?? 20, options.playerBurst ?? 40), sockets: 0 }),
      );
    bucket.sockets++;
    return bucket;
  };
  const releasePlayerBucket = (playerId: number) => {
    const bucket = playerBuckets.get(playerId);
    if (bucket && --bucket.sockets === 0) playerBuckets.delete(playerId);
  };

  // A machine's id in canonical decimal digits (docs/api.md "Integers"): /machines/08 is no namespace.
  io.of(/^\/machines\/[1-9][0-9]{0,9}$/).on('connection', (socket) => {
    const host = options.hosts.get(Number(socket.nsp.name.split('/')[2]));
    if (!host) {
      socket.emit(GameEvent.Info, { type: 'CLOSE_SESSION', code: ErrorCode.NotFound, message: 'No such machine here.' } satisfies InfoPush);
      socket.disconnect(true);
      return;
    }
    sockets.set(socket.id, socket);
    // Where the player is, for the platform's IP check on the seat (docs/ip-check.md).
    const address = addressOf(socket.handshake);
    const handshakeToken =
      typeof socket.handshake.auth?.token === 'string'
        ? socket.handshake.auth.token
        : typeof socket.handshake.query.token === 'string'
          ? socket.handshake.query.token
          : null;
    const socketAllows = tokenBucket(rate, burst);
    /** Once the socket has joined, it counts against its player's bucket instead of its own. */
    let player: { id: number; allow: () => boolean } | null = null;

    function on<S extends z.ZodMiniType>(event: string, schema: S, handle: (payload: z.infer<S>) => Promise<Ack> | Ack) {
      socket.on(event, async (payload: unknown, ack: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (answer: Ack) => void) : () => {};
        if (player ? !player.allow() : !socketAllows()) return reply(player ? playerThrottled : throttled);
        const parsed = schema.safeParse(payload ?? {}, { error: english });
        if (!parsed.success) return reply(invalid(`Invalid ${event}: ${parsed.error.issues[0]?.message ?? 'bad payload'}`));
        try {
          reply(await handle(parsed.data));
        } catch {
          reply({ ok: false, code: ErrorCode.InternalError, ErrorMessage: errorMessages[ErrorCode.InternalError] });
        }
      });
    }

    on(GameEvent.Init, initRequest, async (request) => {
      if ('machineID' in request) {
        if (request.machineID !== host.id) return invalid('machineID does not match this machine');
        const ack = await host.join(socket.id, request.token, address);
        const playerId = ack.ok ? host.playerOf(socket.id) : null;
        if (playerId !== null && player?.id !== playerId) {
          if (player) releasePlayerBucket(player.id);
          player = { id: playerId, allow: playerBucket(playerId).allow };
        }
        return ack;
      }
      if (request.id !== host.id) return invalid('id does not match this machine');
      return { ok: true, session: host.look(handshakeToken) };
    });
    on(GameEvent.Press, pressRequest, async (request) => {
      trace.mark('agent-received', host.id, { button: request.button });
      const ack = await host.press(socket.id, request.button);
      trace.mark('acked', host.id, { button: request.button, ok: ack.ok });
      return ack;
    });
    on(GameEvent.Transfer, transferRequest, (request) => host.transfer(socket.id, request.amount, request.transferId));
    on(GameEvent.Cashout, cashoutRequest, () => host.cashout(socket.id));
    on(GameEvent.Present, presentRequest, () => host.present(socket.id));
    on(GameEvent.Leave, leaveRequest, () => host.leave(socket.id));
    on(GameEvent.RealityCheck, realityCheckReply, (request) => host.realityCheck(socket.id, request.choice));

    socket.on('disconnect', () => {
      sockets.delete(socket.id);
      if (player) releasePlayerBucket(player.id);
      void host.disconnected(socket.id);
    });
  });

  return { io, channel };
}
