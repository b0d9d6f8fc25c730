import fs from 'node:fs/promises';
import path from 'node:path';
import type { RulesAnswer } from '@reelcast/protocol';

/**
 * A page the operator writes: Markdown files in the data folder (the rules page, the information
 * dialog). `{name}.md` is the default (written with `defaultContent` on first use); `{name}.{lang}.md`,
 * when present, is served for that language. Read on every request, so an edit shows without a restart.
 */
export class OperatorPage {
  readonly #dir: string;
  readonly #name: string;
  readonly #defaultContent: string;

  constructor(dir: string, name: string, defaultContent: string) {
    this.#dir = dir;
    this.#name = name;
    this.#defaultContent = defaultContent;
  }

  get path(): string {
    return path.join(this.#dir, `${this.#name}.md`);
  }

  async read(language?: string): Promise<RulesAnswer> {
    if (language) {
      const localized = await readIfPresent(path.join(this.#dir, `${this.#name}.${language}.md`));
      if (localized) return { ...localized, language };
    }
    const rules = (await readIfPresent(this.path)) ?? (await this.#createDefault());
    return { ...rules, language: null };
  }

  async #createDefault(): Promise<{ content: string; format: 'markdown'; updatedAt: string }> {
    await fs.mkdir(this.#dir, { recursive: true });
    await fs.writeFile(this.path, this.#defaultContent, { flag: 'wx' }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    return (await readIfPresent(this.path)) ?? { content: this.#defaultContent, format: 'markdown', updatedAt: new Date().toISOString() };
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
