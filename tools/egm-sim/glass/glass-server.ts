import net from 'node:net';
import { listenOn } from '../listen.ts';
import { drawReels, GLASS, type ReelView } from './reel-picture.ts';

export interface GlassServer {
  /** The Unix socket path, or host:port. */
  address: string;
  close(): Promise<void>;
}

/**
 * The machine's screen as raw video (GLASS: rgb24 frames, one after another, no header) to every
 * program that connects, like a camera filming the glass: ffmpeg reads it with `-f rawvideo
 * -video_size 320x240 -pixel_format rgb24 -framerate 30 -i unix:<path>`. A connection that has not
 * taken the last frame yet misses this one, so a slow reader sees the newest picture, never an old one.
 */
export async function startGlassServer(where: string | number, view: () => ReelView): Promise<GlassServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  });
  const address = await listenOn(server, where);
  const timer = setInterval(() => {
    if (sockets.size === 0) return;
    const frame = drawReels(view());
    for (const socket of sockets) if (!socket.writableNeedDrain) socket.write(frame);
  }, 1000 / GLASS.fps);
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
