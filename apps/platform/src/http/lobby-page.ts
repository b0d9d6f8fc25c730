import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LanguageId, Settings, UserSettings } from '@reelcast/protocol';
import { cookieLanguage, cookieLook } from './login-page.ts';

/** The portal build's renderer of /lobby's first view and the page it fills (apps/portal/vite.config.ts `prerenderFirstViews`). */
const rendererFile = path.join('.server', 'lobby-render.mjs');
const templateFile = path.join('.server', 'lobby.html');

type LobbyRenderer = {
  lobbyDocument(html: string, language: LanguageId, data: LobbyData & { settings: unknown }, look: UserSettings | null): Promise<string>;
};

/** What the lobby shows every signed-in player, as the API answers it (GET /machine/brands, GET /machine/all). */
export type LobbyData = { brands: unknown; machines: unknown };

/** Pages kept for looks other than the default (each browser's own, from its cookie): the last few used. */
const OTHER_LOOKS_KEPT = 16;

/**
 * /lobby's first view rendered on the server (docs/architecture.md "First view"): the shell and the
 * machine cards from the machine list, which needs no token (the app checks the stored token as before:
 * none sends the visitor to /login). Rendered by the portal's own code (its build's renderer), in the
 * language of the player's cookie or Settings.json's and the look of the look cookie (the defaults
 * without one), for any width (the page's CSS lays it out: no width is guessed). Null
 * (index.html instead) when the build has no renderer, or Settings.json makes the first view something
 * else: the IP check before anything (features/door), or lobby-display mode (one brand).
 */
export class LobbyPage {
  private renderer: Promise<LobbyRenderer> | undefined;
  private template: string | undefined;
  /**
   * The last page sent per language and look, with what it was made of: statuses change, the list mostly
   * does not. The default look's are kept; of the others, the last OTHER_LOOKS_KEPT used (a cookie is
   * the browser's to write: any number of looks could be asked for).
   */
  private readonly sent = new Map<string, { source: string; page: string }>();

  constructor(private readonly portalDir: string) {}

  get built(): boolean {
    return fs.existsSync(path.join(this.portalDir, rendererFile)) && fs.existsSync(path.join(this.portalDir, templateFile));
  }

  /** Loads the renderer before the first request asks for it (a module of some 3.7 MB: about a second here). */
  prepare(): void {
    if (this.built) this.load().catch(() => {});
  }

  private load(): Promise<LobbyRenderer> {
    return (this.renderer ??= import(pathToFileURL(path.join(this.portalDir, rendererFile)).href) as Promise<LobbyRenderer>);
  }

  async render(settings: Settings, data: () => Promise<LobbyData>, request: { cookie?: string }): Promise<string | null> {
    if (settings.ipCheck || settings.lobbyDisplay || !this.built) return null;
    this.template ??= fs.readFileSync(path.join(this.portalDir, templateFile), 'utf8');
    const language = cookieLanguage(request.cookie) ?? settings.defaultLanguage;
    const look = cookieLook(request.cookie);
    // As JSON, the form the portal parses (dates as strings).
    const source = JSON.stringify({ settings, ...(await data()) });
    const key = `${language} ${look ? JSON.stringify(look) : 'default'}`;
    const last = this.sent.get(key);
    if (last?.source === source) return last.page;
    const page = await (
      await this.load()
    ).lobbyDocument(this.template, language, JSON.parse(source) as LobbyData & { settings: unknown }, look);
    this.sent.delete(key);
    this.sent.set(key, { source, page });
    const others = [...this.sent.keys()].filter((kept) => !kept.endsWith(' default'));
    for (const old of others.slice(0, Math.max(0, others.length - OTHER_LOOKS_KEPT))) this.sent.delete(old);
    return page;
  }
}
