import fs from 'node:fs/promises';
import path from 'node:path';
import type { RulesAnswer } from '@reelcast/protocol';
import { DEFAULT_RULES } from './default-rules.ts';

/**
 * The rules page's text: Markdown files the operator edits in the data folder. `rules.md` is the
 * default (written on first use); `rules.{lang}.md`, when present, is served for that language.
 * Read on every request, so an edit shows without a restart.
 */
export class RulesFile {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  get path(): string {
    return path.join(this.#dir, 'rules.md');
  }

  async read(language?: string): Promise<RulesAnswer> {
    if (language) {
      const localized = await readIfPresent(path.join(this.#dir, `rules.${language}.md`));
      if (localized) return { ...localized, language };
    }
    const rules = (await readIfPresent(this.path)) ?? (await this.#createDefault());
    return { ...rules, language: null };
  }

  async #createDefault(): Promise<{ content: string; format: 'markdown'; updatedAt: string }> {
    await fs.mkdir(this.#dir, { recursive: true });
    await fs.writeFile(this.path, DEFAULT_RULES, { flag: 'wx' }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    return (await readIfPresent(this.path)) ?? { content: DEFAULT_RULES, format: 'markdown', updatedAt: new Date().toISOString() };
  }
}

async function readIfPresent(file: string): Promise<{ content: string; format: 'markdown'; updatedAt: string } | null> {
  try {
    const [content, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    return { content, format: 'markdown', updatedAt: stat.mtime.toISOString() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
