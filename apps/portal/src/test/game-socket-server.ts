import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

type Handshake = { query: Record<string, unknown>; auth: Record<string, unknown> };

/**
 * A real Socket.IO server on a free port, standing in for a machine agent's game socket
 * (`/machines/{id}`): it keeps each handshake and answers each `init` with `answerInit`.
 */
export async function startGameSocketServer(
  answerInit: (payload: unknown) => unknown = () => ({ ok: false, code: 40000, ErrorMessage: 'no' }),
) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  const handshakes: Handshake[] = [];
  const inits: unknown[] = [];
  io.of(/^\/machines\/\d+$/).on('connection', (socket) => {
    handshakes.push(socket.handshake);
    socket.on('init', (payload: unknown, ack: (answer: unknown) => void) => {
      inits.push(payload);
      ack(answerInit(payload));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    handshakes,
    inits,
    close: () => io.close(),
  };
}
