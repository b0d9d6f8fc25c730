import fs from 'node:fs/promises';
import path from 'node:path';
import type { RulesAnswer } from '@reelcast/protocol';

/**
 * A page the operator writes: Markdown files in the data folder (the rules page, the information
 * dialog, the footer's info pages). `{name}.md` is the default (written with `defaultContent` on first
 * use, together with `localizedDefaults` as `{name}.{lang}.md`); `{name}.{lang}.md`, when present, is
 * served for that language. A language without its file gets the shipped translation while `{name}.md`
 * is still the shipped English (a data folder from before the translations): once the operator has
 * edited the English, it is theirs that speaks, not a translation of ours. Read on every request, so
 * an edit shows without a restart.
 */
export class OperatorPage {
  readonly #dir: string;
  readonly #name: string;
  readonly #defaultContent: string;
  readonly #localizedDefaults: Readonly<Record<string, string>>;

  constructor(dir: string, name: string, defaultContent: string, localizedDefaults: Readonly<Record<string, string>> = {}) {
    this.#dir = dir;
    this.#name = name;
    this.#defaultContent = defaultContent;
    this.#localizedDefaults = localizedDefaults;
  }

  get path(): string {
    return path.join(this.#dir, `${this.#name}.md`);
  }

  async read(language?: string): Promise<RulesAnswer> {
    let page = await readIfPresent(this.path);
    if (!page) {
      await this.#createDefaults();
      page = (await readIfPresent(this.path)) ?? { content: this.#defaultContent, format: 'markdown', updatedAt: new Date().toISOString() };
    }
    if (language) {
      const localized = await readIfPresent(this.#localizedPath(language));
      if (localized) return { ...localized, language };
      const shipped = this.#localizedDefaults[language];
      if (shipped !== undefined && page.content === this.#defaultContent) return { ...page, content: shipped, language };
    }
    return { ...page, language: null };
  }

  #localizedPath(language: string): string {
    return path.join(this.#dir, `${this.#name}.${language}.md`);
  }

  /** First use: the default and its translations, each only if the operator has not written that file. */
  async #createDefaults(): Promise<void> {
    await fs.mkdir(this.#dir, { recursive: true });
    const files: [string, string][] = [
      [this.path, this.#defaultContent],
      ...Object.entries(this.#localizedDefaults).map(([language, content]): [string, string] => [this.#localizedPath(language), content]),
    ];
    for (const [file, content] of files) {
      await fs.writeFile(file, content, { flag: 'wx' }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
    }
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
