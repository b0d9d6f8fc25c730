import fs from 'node:fs/promises';
import { defaultOperatorSettings, operatorSettingsSchema, type OperatorSettings } from './operator-settings.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The operator's Settings.json. Read again whenever the file changes (no restart needed); a file that
 * is missing, unreadable or invalid gives the defaults, and the problem is logged once per change.
 */
export class SettingsFile {
  readonly #path: string;
  readonly #log: FastifyBaseLogger | undefined;
  #cached: { text: string; settings: OperatorSettings } | undefined;

  constructor(path: string, log?: FastifyBaseLogger) {
    this.#path = path;
    this.#log = log;
  }

  get path(): string {
    return this.#path;
  }

  /** Writes the defaults on first start so the operator has a file to edit. */
  async createIfMissing(): Promise<void> {
    await fs.writeFile(this.#path, JSON.stringify(defaultOperatorSettings, null, 2) + '\n', { flag: 'wx' }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  }

  async read(): Promise<OperatorSettings> {
    // Keyed on the content, not the modification time: two saves within one timestamp tick (coarse
    // file-system clocks) would otherwise keep serving the first. The file is small; reading it is cheap.
    let text: string;
    try {
      text = await fs.readFile(this.#path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && this.#cached?.text !== `\0${code}`) {
        this.#log?.warn({ file: this.#path, err: error }, 'Settings.json cannot be read; serving the defaults');
        this.#cached = { text: `\0${code}`, settings: defaultOperatorSettings };
      }
      return defaultOperatorSettings;
    }
    if (this.#cached?.text === text) return this.#cached.settings;
    let settings = defaultOperatorSettings;
    try {
      const parsed = operatorSettingsSchema.safeParse(JSON.parse(text));
      if (parsed.success) settings = parsed.data;
      else this.#log?.warn({ file: this.#path, issues: parsed.error.issues }, 'Settings.json is invalid; serving the defaults');
    } catch (error) {
      this.#log?.warn({ file: this.#path, err: error }, 'Settings.json is not valid JSON; serving the defaults');
    }
    this.#cached = { text, settings };
    return settings;
  }
}
