import net from 'node:net';
import readline from 'node:readline';
import { listenOn } from '../listen.ts';
import { controlCommandSchema, runCommand, type ControlReply, type ControlTarget } from './commands.ts';

/** Runs one line of the control channel: JSON in, one JSON reply out (an `id` given is echoed back). */
export function runControlLine(target: ControlTarget, line: string): ControlReply & { id?: unknown } {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const id = typeof input === 'object' && input !== null && 'id' in input ? input.id : undefined;
  const parsed = controlCommandSchema.safeParse(input);
  const reply = parsed.success
    ? runCommand(target, parsed.data)
    : {
        ok: false as const,
        error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'command'}: ${issue.message}`).join('; '),
      };
  return id === undefined ? reply : { ...reply, id };
}

export interface ControlServer {
  /** The Unix socket path, or host:port. */
  address: string;
  close(): Promise<void>;
}

/** The control channel on a Unix socket (a path) or TCP (a port, or host:port; the host defaults to 127.0.0.1). */
export async function startControlServer(target: ControlTarget, where: string | number): Promise<ControlServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    readline.createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => {
      if (line.trim() === '') return;
      socket.write(`${JSON.stringify(runControlLine(target, line))}\n`);
    });
  });
  const address = await listenOn(server, where);
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
