import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { originOf, type Settings } from '@reelcast/protocol';

/** What a live-chat provider's widget loads and talks to (only allowed when Settings.json names the provider). */
const liveChatSources: Record<Settings['liveChat']['provider'], string[]> = {
  none: [],
  tawk: ['https://*.tawk.to', 'wss://*.tawk.to'],
  livechat: ['https://*.livechatinc.com', 'wss://*.livechatinc.com'],
};

/** The page talks to an http(s) origin by fetch and to the same host by WebSocket (Socket.IO). */
function withSockets(origin: string): string[] {
  return [origin, origin.replace(/^http/, 'ws')];
}

/** What the sources are made from: the settings, the machines' addresses, and fixed URLs of the configuration. */
export interface CspInputs {
  settings: Settings;
  machineUrls: (string | null)[];
  fixedUrls: (string | undefined)[];
}

export interface CspSources {
  /** Origins of the API (Settings.json `apiBaseUrl`), the machine agents and WHEP servers. */
  connect: string[];
  liveChat: string[];
}

/**
 * The origins the Content-Security-Policy names besides the page's own, from the configuration that
 * says where the page connects: Settings.json (API base, live chat) and the machines' game-socket and
 * video addresses as agents reported them. Re-read when a machine's status or address changes
 * (`invalidate`, from the bus) and at most every `ttlMs` otherwise (Settings.json edits).
 */
export class CspSourceList {
  readonly #read: () => Promise<CspInputs>;
  readonly #ttlMs: number;
  #current: CspSources = { connect: [], liveChat: [] };
  #loaded = false;
  #readAt = 0;
  /** Bumped by `invalidate`; a read that started before the bump does not count as fresh. */
  #version = 0;
  #freshVersion = -1;
  #reading: Promise<void> | null = null;

  constructor(read: () => Promise<CspInputs>, ttlMs = 5_000) {
    this.#read = read;
    this.#ttlMs = ttlMs;
  }

  get current(): CspSources {
    return this.#current;
  }

  invalidate(): void {
    this.#version++;
  }

  /**
   * After `invalidate` (a machine's video URL may have changed) the next answers wait for the new list:
   * a page served with the old one could not reach the new origin. A list that is only older than the
   * TTL serves while the next is read. Two reads at most: one begun before the change, then one after.
   */
  async fresh(): Promise<void> {
    for (let read = 0; read < 2; read++) {
      const changed = this.#freshVersion !== this.#version;
      if (!changed && performance.now() - this.#readAt < this.#ttlMs) return;
      this.#reading ??= this.#load().finally(() => (this.#reading = null));
      if (this.#loaded && !changed) return;
      await this.#reading;
    }
  }

  async #load(): Promise<void> {
    const version = this.#version;
    try {
      const { settings, machineUrls, fixedUrls } = await this.#read();
      const origins = new Set<string>();
      for (const url of [settings.apiBaseUrl || undefined, ...fixedUrls, ...machineUrls]) {
        const origin = url ? originOf(url) : null;
        if (origin) withSockets(origin).forEach((o) => origins.add(o));
      }
      this.#current = { connect: [...origins].sort(), liveChat: liveChatSources[settings.liveChat.provider] };
      this.#loaded = true;
      this.#readAt = performance.now();
      this.#freshVersion = version;
    } catch {
      // The database is away: keep the last list and try again on the next request.
    }
  }
}

/**
 * Security headers on every answer (docs/security.md "Headers"), with helmet: a strict CSP (scripts only
 * from the page's origin, no inline script; connections only to the configured API, machine and WHEP
 * origins; the live-chat provider only when configured), frame-ancestors 'self', nosniff, no referrer,
 * a Permissions-Policy, and HSTS when the public URL is https.
 */
export async function installSecurityHeaders(app: FastifyInstance, options: { sources: CspSourceList; https: boolean }): Promise<void> {
  const { sources } = options;
  app.addHook('onRequest', async () => sources.fresh());
  /** The page's own origin and what `pick` adds: one directive value, read per answer. */
  const self = (pick: (s: CspSources) => string[] = () => []) => [
    (_req: IncomingMessage) => ["'self'", ...pick(sources.current)].join(' '),
  ];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: self((s) => s.liveChat),
        // Emotion (MUI) writes <style> elements and style attributes at run time.
        styleSrc: [...self((s) => s.liveChat), "'unsafe-inline'"],
        imgSrc: [...self((s) => s.liveChat), 'data:', 'blob:'],
        fontSrc: [...self((s) => s.liveChat), 'data:'],
        connectSrc: self((s) => [...s.connect, ...s.liveChat]),
        mediaSrc: ["'self'", 'blob:', 'mediastream:'],
        frameSrc: self((s) => s.liveChat),
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The portal embeds nothing that needs isolation; the machine video comes over WebRTC, not as a resource.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)');
  });
}
