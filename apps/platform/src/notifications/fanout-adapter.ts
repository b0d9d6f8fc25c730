import type { Writable } from 'node:stream';
import { Adapter, type BroadcastOptions } from 'socket.io-adapter';

/**
 * The notification socket's adapter: a push to everyone (`machine`, `jackpot`, `operatorEvent`) is
 * framed once and written straight to each WebSocket's TCP socket (docs/scaling.md "Fan-out").
 *
 * Socket.IO already encodes a broadcast once, but then hands it to each socket's Engine.IO queue,
 * transport and `ws` sender, and writes the frame's header and body with two writes. At 10,000
 * sockets that path cost about 200 ms of one core per push; the direct write costs about 120 ms,
 * nearly all of it the kernel's send (bench/fanout).
 *
 * The direct write keeps each socket's order: it is taken only when everything emitted before has
 * already reached the TCP socket (Engine.IO's buffer and the `ws` sender's queue are empty, the
 * WebSocket is open and no transport upgrade is under way). Anything else, a socket on long-polling
 * for one, goes the usual way with the same single-buffer frame; pushes to rooms are the stock adapter's.
 */
export class FanoutAdapter extends Adapter {
  /** How many pushes went by the direct write and how many through Engine.IO (read by tests). */
  readonly delivered = { direct: 0, engine: 0 };

  override broadcast(packet: EventPacket, opts: BroadcastOptions): void {
    const everyone = opts.rooms.size === 0 && !opts.except?.size;
    if (!everyone || opts.flags?.volatile || packet.id !== undefined) return super.broadcast(packet, opts);
    const nsp = this.nsp as FanoutNamespace;
    packet.nsp = nsp.name;
    const encoded = nsp.server.encoder.encode(packet);
    if (encoded.length !== 1 || typeof encoded[0] !== 'string') return super.broadcast(packet, opts);
    // "4" is Engine.IO's message packet type; the frame goes to Engine.IO's path as a one-buffer list.
    const frame = textFrame(Buffer.from(`4${encoded[0]}`));
    const packetOpts = { preEncoded: true, wsPreEncodedFrame: [frame] };
    for (const id of this.sids.keys()) {
      const socket = nsp.sockets.get(id);
      if (!socket) continue;
      socket.notifyOutgoingListeners?.(packet);
      const tcp = directlyWritable(socket);
      if (tcp) {
        tcp.write(frame);
        this.delivered.direct++;
      } else {
        socket.client.writeToEngine(encoded, packetOpts);
        this.delivered.engine++;
      }
    }
  }
}

/** A Socket.IO packet as the adapter receives it. */
type EventPacket = { type: number; data: unknown[]; nsp?: string; id?: number };

/** The namespace as the adapter reads it (socket.io-adapter types it `any`). */
type FanoutNamespace = {
  name: string;
  server: { encoder: { encode(packet: EventPacket): unknown[] } };
  sockets: Map<string, PeerSocket>;
};

/** The parts of a Socket.IO socket, its Engine.IO connection and its `ws` socket that the direct write reads. */
type PeerSocket = {
  notifyOutgoingListeners?: (packet: EventPacket) => void;
  client: { writeToEngine(packets: unknown[], opts: object): void };
  conn: {
    readyState: string;
    upgrading: boolean;
    writeBuffer: unknown[];
    transport: {
      name: string;
      socket?: { readyState: number; _sender?: { _queue?: unknown[] }; _socket?: Writable };
    };
  };
};

const WEBSOCKET_OPEN = 1;

/** The TCP socket to write to when nothing emitted before is still queued above it, else null. */
function directlyWritable({ conn }: PeerSocket): Writable | null {
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length || conn.transport.name !== 'websocket') return null;
  const ws = conn.transport.socket;
  const tcp = ws?._socket;
  if (!ws || ws.readyState !== WEBSOCKET_OPEN || !tcp?.writable) return null;
  const queue = ws._sender?._queue;
  return Array.isArray(queue) && queue.length === 0 ? tcp : null;
}

/** One unmasked, final WebSocket text frame (RFC 6455 §5.2): header and payload in one buffer. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
