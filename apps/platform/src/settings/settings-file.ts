import fs from 'node:fs/promises';
import { defaultSettings, settingsSchema, type Settings } from '@reelcast/protocol';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The operator's Settings.json. Read again whenever the file changes (no restart needed); a file that
 * is missing, unreadable or invalid gives the defaults, and the problem is logged once per change.
 */
export class SettingsFile {
  readonly #path: string;
  readonly #log: FastifyBaseLogger | undefined;
  #cached: { mtimeMs: number; settings: Settings } | undefined;

  constructor(path: string, log?: FastifyBaseLogger) {
    this.#path = path;
    this.#log = log;
  }

  get path(): string {
    return this.#path;
  }

  /** Writes the defaults on first start so the operator has a file to edit. */
  async createIfMissing(): Promise<void> {
    await fs.writeFile(this.#path, JSON.stringify(defaultSettings, null, 2) + '\n', { flag: 'wx' }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  }

  async read(): Promise<Settings> {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(this.#path)).mtimeMs;
    } catch {
      return defaultSettings;
    }
    if (this.#cached?.mtimeMs === mtimeMs) return this.#cached.settings;
    let settings = defaultSettings;
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(await fs.readFile(this.#path, 'utf8')));
      if (parsed.success) settings = parsed.data;
      else this.#log?.warn({ file: this.#path, issues: parsed.error.issues }, 'Settings.json is invalid; serving the defaults');
    } catch (error) {
      this.#log?.warn({ file: this.#path, err: error }, 'Settings.json cannot be read; serving the defaults');
    }
    this.#cached = { mtimeMs, settings };
    return settings;
  }
}
