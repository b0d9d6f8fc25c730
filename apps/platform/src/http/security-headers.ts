import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { originOf, type Settings } from '@reelcast/protocol';
import type { RawAnswerHeaders } from '@reelcast/protocol/server';

type LiveChatProvider = Settings['liveChat']['provider'];
/** The directives a live-chat widget needs sources in. */
export type LiveChatDirective = 'script' | 'style' | 'img' | 'font' | 'connect' | 'frame';
export type LiveChatSources = Record<LiveChatDirective, string[]>;

const nothing: LiveChatSources = { script: [], style: [], img: [], font: [], connect: [], frame: [] };

/**
 * What each provider's widget loads and talks to, per directive, after the providers' own CSP guides
 * (tawk.to: help.tawk.to "Content Security Policy"; LiveChat: livechat.com/help "Use LiveChat with
 * Content Security Policy"). Only the provider Settings.json names is allowed, never both.
 */
export const liveChatSources: Record<LiveChatProvider, LiveChatSources> = {
  none: nothing,
  tawk: {
    // embed.tawk.to serves the loader and the widget; some of its libraries come from jsDelivr.
    script: ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
    style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
    img: ['https://*.tawk.to', 'https://cdn.jsdelivr.net', 'https://tawk.link', 'https://s3.amazonaws.com'],
    font: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
    connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
    frame: ['https://*.tawk.to'],
  },
  livechat: {
    // cdn.livechatinc.com/tracking.js, the widget's frame on secure.livechatinc.com, its API and socket
    // on api.livechatinc.com; avatars and attachments on livechat-files.com.
    script: ['https://*.livechatinc.com'],
    style: ['https://*.livechatinc.com'],
    img: ['https://*.livechatinc.com', 'https://*.livechat-files.com'],
    font: ['https://*.livechatinc.com'],
    connect: ['https://*.livechatinc.com', 'wss://*.livechatinc.com', 'https://*.livechat-files.com'],
    frame: ['https://*.livechatinc.com'],
  },
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
  liveChat: LiveChatSources;
}

/** The parts of Settings.json the sources come from: a page answered after these change waits for the new list. */
const settingsKey = (settings: Settings) => JSON.stringify([settings.apiBaseUrl, settings.liveChat.provider]);

/**
 * The origins the Content-Security-Policy names besides the page's own, from the configuration that
 * says where the page connects: Settings.json (API base, live chat) and the machines' game-socket and
 * video addresses as agents reported them. Re-read when a machine's status or address changes
 * (`invalidate`, from the bus), when a page is asked for after Settings.json changed what they come
 * from (`fresh({ page: true })` with `readSettings`), and at most every `ttlMs` otherwise.
 */
export class CspSourceList {
  readonly #read: () => Promise<CspInputs>;
  readonly #ttlMs: number;
  readonly #readSettings: (() => Promise<Settings>) | undefined;
  #current: CspSources = { connect: [], liveChat: nothing };
  /** `settingsKey` of the settings the current list was made from. */
  #settingsKey: string | undefined;
  #loaded = false;
  #readAt = 0;
  /** Bumped by `invalidate`; a read that started before the bump does not count as fresh. */
  #version = 0;
  #freshVersion = -1;
  #reading: Promise<void> | null = null;

  constructor(read: () => Promise<CspInputs>, options: { ttlMs?: number; readSettings?: () => Promise<Settings> } = {}) {
    this.#read = read;
    this.#ttlMs = options.ttlMs ?? 5_000;
    this.#readSettings = options.readSettings;
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
   * For a page (`page`), Settings.json is read first (a small file, cached by content): when its API
   * base or live-chat provider differs from the list's, that counts as a change, so a page loaded after
   * an edit may already load the provider's script and reach the new API.
   */
  async fresh({ page = false }: { page?: boolean } = {}): Promise<void> {
    if (page && this.#readSettings) {
      const settings = await this.#readSettings().catch(() => null);
      if (settings && settingsKey(settings) !== this.#settingsKey) this.invalidate();
    }
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
      this.#settingsKey = settingsKey(settings);
      this.#loaded = true;
      this.#readAt = performance.now();
      this.#freshVersion = version;
    } catch {
      // The database is away: keep the last list and try again on the next request.
    }
  }
}

/** A page the browser will run (a document, a frame's): its policy must follow a Settings.json edit at once. */
function isPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const destination = request.headers['sec-fetch-dest'];
  if (destination) return destination === 'document' || destination === 'iframe' || destination === 'frame';
  return (request.headers.accept ?? '').includes('text/html');
}

const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)';

/**
 * Security headers on every answer (docs/security.md "Headers"), with helmet: a strict CSP (scripts only
 * from the page's origin, no inline script; connections only to the configured API, machine and WHEP
 * origins; the live-chat provider only when configured), frame-ancestors 'self', nosniff, no referrer,
 * a Permissions-Policy, and HSTS when the public URL is https.
 */
export class SecurityHeaders {
  readonly sources: CspSourceList;
  /**
   * Sets them on a raw answer: every answer of the app (installSecurityHeaders), and those Fastify's
   * hooks never see: a URL its router cannot decode (`frameworkErrors`), Socket.IO's engine.
   */
  readonly raw: RawAnswerHeaders;

  constructor(options: { sources: CspSourceList; https: boolean }) {
    const { sources } = options;
    this.sources = sources;
    /** The page's own origin and what `pick` adds: one directive value, read per answer. */
    const self = (pick: (s: CspSources) => string[] = () => []) => [
      (_req: IncomingMessage) => ["'self'", ...pick(sources.current)].join(' '),
    ];
    const apply = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: self((s) => s.liveChat.script),
          // Emotion (MUI) writes <style> elements and style attributes at run time.
          styleSrc: [...self((s) => s.liveChat.style), "'unsafe-inline'"],
          imgSrc: [...self((s) => s.liveChat.img), 'data:', 'blob:'],
          fontSrc: [...self((s) => s.liveChat.font), 'data:'],
          connectSrc: self((s) => [...s.connect, ...s.liveChat.connect]),
          mediaSrc: ["'self'", 'blob:', 'mediastream:'],
          frameSrc: self((s) => s.liveChat.frame),
          // The portal starts no worker; a blob: worker (script made at run time) is not allowed either.
          workerSrc: ["'self'"],
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
    this.raw = (req, res, next) => {
      res.setHeader('permissions-policy', permissionsPolicy);
      apply(req, res, next);
    };
  }
}

/**
 * The headers on every answer of `app`, the connect sources read fresh first. Install it before any hook
 * that may refuse a request (the origin check, the rate limits): a refusal carries them too.
 */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', async (request) => headers.sources.fresh({ page: isPage(request) }));
  // On the raw answer, as @fastify/helmet does: the one path every answer of the platform takes.
  app.addHook('onRequest', (request, reply, done) => headers.raw(request.raw, reply.raw, () => done()));
}
