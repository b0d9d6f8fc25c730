import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer, type Token } from 'marked';
import {
  DOCUMENTATION_SLUG_PATTERN,
  ErrorCode,
  type DocumentationAudience,
  type DocumentationEntry,
  type DocumentationPage,
  type PlayerRole,
} from '@reelcast/protocol';
import { DomainError, notFound } from '../shared/index.ts';

/** The repository's docs/, found from this file (not from the working folder the platform was started in). */
export const defaultDocsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs');

/**
 * The pages written for players (docs/documentation.md "Who reads what"): what the promotions pay and
 * when, which browsers work, how jackpots are won, what the idle PIN lock does, what the reconnect dialog's
 * buttons do. Every other page is the operator's (deployment, configuration, the API, security, the code).
 * Staff and admin read those.
 */
export const playerPages: readonly string[] = [
  'browser-support',
  'business-rules',
  'jackpots',
  'pin-lock',
  'player-protection',
  'reconnect',
];

export const audienceOf = (slug: string): DocumentationAudience => (playerPages.includes(slug) ? 'player' : 'operator');

/** SPEC §6 staff list: the operator's team reads every page. */
const readsEverything = (role: PlayerRole) => role === 'staff' || role === 'admin';

function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) =>
      'tokens' in token && Array.isArray(token.tokens) ? plainText(token.tokens) : 'text' in token ? String(token.text) : '',
    )
    .join('');
}

/** A page's title: its first level-1 heading without marks, else its slug. */
export function titleOf(content: string, slug: string): string {
  const heading = Lexer.lex(content, { gfm: true }).find((token) => token.type === 'heading' && token.depth === 1);
  const title = heading && 'tokens' in heading && Array.isArray(heading.tokens) ? plainText(heading.tokens).trim() : '';
  return title || slug;
}

interface Known {
  mtimeMs: number;
  size: number;
  title: string;
}

/**
 * The documentation pages: the `*.md` files of one folder whose name is a slug (lower-case letters,
 * digits, `-`), read when asked, so an edited page shows at once. A page's title is remembered until
 * its file changes.
 */
export class DocumentationLibrary {
  readonly #dir: string;
  readonly #known = new Map<string, Known>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  get dir(): string {
    return this.#dir;
  }

  /** The pages `role` may read: player pages first, then the operator's, each by title. */
  async list(role: PlayerRole): Promise<DocumentationEntry[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.#dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const slugs = names.filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -3));
    const entries = await Promise.all(
      slugs
        .filter((slug) => DOCUMENTATION_SLUG_PATTERN.test(slug) && (readsEverything(role) || audienceOf(slug) === 'player'))
        .map(async (slug): Promise<DocumentationEntry | null> => {
          const stat = await this.#stat(slug);
          return stat && { slug, title: await this.#title(slug, stat), audience: audienceOf(slug) };
        }),
    );
    const order = (entry: DocumentationEntry) => (entry.audience === 'player' ? 0 : 1);
    return entries
      .filter((entry): entry is DocumentationEntry => entry !== null)
      .sort((a, b) => order(a) - order(b) || a.title.localeCompare(b.title, 'en'));
  }

  /**
   * One page for `role`: 404 / 40400 for a name that is not a page (not a slug, no such file), 403 /
   * 40300 for an operator page asked by a player.
   */
  async read(slug: string, role: PlayerRole): Promise<DocumentationPage> {
    if (!DOCUMENTATION_SLUG_PATTERN.test(slug)) throw notFound('No such documentation page.');
    const audience = audienceOf(slug);
    if (!(await this.#stat(slug))) throw notFound('No such documentation page.');
    if (audience === 'operator' && !readsEverything(role)) {
      throw new DomainError(ErrorCode.RoleRequired, undefined, 'This page is for the operator’s team (staff or admin).');
    }
    const [content, stat] = await Promise.all([fs.readFile(this.#file(slug), 'utf8'), fs.stat(this.#file(slug))]);
    return { slug, title: await this.#title(slug, stat, content), audience, content, updatedAt: stat.mtime.toISOString() };
  }

  /** The file's facts, or null when there is no such page (no file, or not a file). */
  async #stat(slug: string): Promise<Stats | null> {
    try {
      const stat = await fs.stat(this.#file(slug));
      return stat.isFile() ? stat : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** `slug` matched DOCUMENTATION_SLUG_PATTERN: no separator, no dot, so the file is in the folder. */
  #file(slug: string): string {
    return path.join(this.#dir, `${slug}.md`);
  }

  /** The title, read again only when the file changed. */
  #title(slug: string, stat: Stats, content?: string): Promise<string> | string {
    const known = this.#known.get(slug);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.title;
    const remember = (text: string) => {
      const title = titleOf(text, slug);
      this.#known.set(slug, { mtimeMs: stat.mtimeMs, size: stat.size, title });
      return title;
    };
    return content === undefined ? fs.readFile(this.#file(slug), 'utf8').then(remember) : remember(content);
  }
}
