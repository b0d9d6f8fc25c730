import { z } from 'zod';
import { resolveDataPath, type Config } from '../config.ts';
import { zod, type RouteModule } from '../http/index.ts';
import type { SettingsFile } from '../settings/index.ts';
import { MIN_PASSWORD_LENGTH } from '../shared/index.ts';
import { firstHeading, htmlDocument, markdownToHtml, type PageLanguage, type PageTheme } from './html-page.ts';
import { arabicInfoDefaults } from './info-defaults-ar.ts';
import { englishInfoDefaults } from './info-defaults-en.ts';
import { turkishInfoDefaults } from './info-defaults-tr.ts';
import { infoPages } from '@reelcast/protocol';
import { pageLanguages, type InfoFacts } from './info-pages.ts';
import { OperatorPage } from './operator-page.ts';
import { paytableSheet, type SheetMachine } from './paytable-sheet.ts';

const infoPageQuery = z.object({
  lang: z.string().optional().describe('en, tr or ar: the .{lang}.md file when there is one; any other value or none: English'),
  theme: z.string().optional().describe("light or dark (the portal's); any other value or none: the browser's preference"),
});
const themes: readonly PageTheme[] = ['light', 'dark'];

/**
 * The footer's info pages (SPEC §2, docs/api.md "Info pages"): GET /{page}.html, a complete HTML page
 * from the operator's {DATA_DIR}/info/{page}.md (or {page}.{lang}.md), which the portal shows in a
 * frame. The paytables page adds the tables of the machines' game, read from the game engine.
 */
export interface InfoPageDeps {
  config: Config;
  /** The lobby's machines, whose games the paytables page shows. */
  machines: { all(): Promise<SheetMachine[]> };
  settings: Pick<SettingsFile, 'read'>;
}

export const infoPageRoutes: RouteModule<InfoPageDeps> = (app, { config, machines, settings }) => {
  const facts: InfoFacts = {
    loginMaxFailures: config.loginMaxFailures,
    loginWindowMinutes: config.loginWindowMinutes,
    loginBlockMinutes: config.loginBlockMinutes,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
  const defaults = { en: englishInfoDefaults(facts), tr: turkishInfoDefaults(facts), ar: arabicInfoDefaults(facts) };
  const dir = resolveDataPath(config, 'info');

  for (const name of infoPages) {
    const page = new OperatorPage(dir, name, defaults.en[name], { tr: defaults.tr[name], ar: defaults.ar[name] });
    zod(app).get(
      `/${name}.html`,
      {
        schema: {
          tags: ['rules'],
          summary: `Footer info page (text/html): Markdown the operator edits in {DATA_DIR}/info/${name}.md (or ${name}.{lang}.md)`,
          querystring: infoPageQuery,
        },
      },
      async (request, reply) => {
        const asked = pageLanguages.find((language) => language === request.query.lang);
        const { content, language } = await page.read(asked);
        const pageLanguage: PageLanguage = (language as PageLanguage | null) ?? 'en';
        let body = markdownToHtml(content);
        if (name === 'paytables') {
          const lobby: SheetMachine[] = await machines.all().catch(() => []);
          body += paytableSheet({ language: pageLanguage, machines: lobby, currency: (await settings.read()).currency });
        }
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        const theme = themes.find((t) => t === request.query.theme);
        return htmlDocument({ language: pageLanguage, theme, title: firstHeading(content) ?? name, body });
      },
    );
  }
};
