import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Vite names built files `name-<8 characters of content hash>.ext`: such a file never changes. */
const hashedFile = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** Answers at least this large are compressed on the fly (JSON; portal files come precompressed). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers above a threshold are compressed as the client accepts (brotli or gzip); register before the
 * routes (the plugin fits each route as it is added). Every GET answer varies by Accept-Encoding.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    // Lower case, as @fastify/compress writes and looks for it (so it is not added twice).
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    return payload;
  });
}

/**
 * How the portal and the machine images reach the browser (docs/security.md "Delivery"):
 * - the build's `X.br` / `X.gz` beside each file is sent when the browser accepts it (no compression per request);
 * - the build's dot folders (its manifest, the server's renderer) are not sent;
 * - hashed files are cached for a year (`immutable`), everything else (`index.html`, images) is revalidated
 *   (`no-cache` with ETag and Last-Modified, so an unchanged file answers 304).
 */
export async function installPortalFiles(
  app: FastifyInstance,
  options: { portalDir: string; mediaDir: string },
): Promise<{ portalBuilt: boolean }> {
  const setHeaders = (res: { setHeader(name: string, value: string): unknown }, file: string) => {
    res.setHeader('cache-control', hashedFile.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const common = { cacheControl: false, setHeaders } as const;

  const portalMachineImages = path.join(options.portalDir, 'assets', 'machines');
  await app.register(fastifyStatic, {
    ...common,
    // The operator's machine images, then the portal's own (its last-resort default.svg). Not precompressed:
    // @fastify/static then looks in the second folder only.
    root: fs.existsSync(portalMachineImages) ? [options.mediaDir, portalMachineImages] : options.mediaDir,
    prefix: '/assets/machines/',
    decorateReply: false,
  });

  const portalBuilt = fs.existsSync(path.join(options.portalDir, 'index.html'));
  if (portalBuilt) {
    await app.register(fastifyStatic, {
      ...common,
      preCompressed: true,
      root: options.portalDir,
      prefix: '/',
      wildcard: true,
      // Not the build's own folders (.vite's manifest, .server's renderer of /lobby: lobby-page.ts).
      dotfiles: 'ignore',
      index: ['index.html'],
    });
  }
  return { portalBuilt };
}
