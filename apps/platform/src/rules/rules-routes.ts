import { errorAnswer, rulesAnswer, rulesQuery } from '@reelcast/protocol';
import { resolveDataPath, type Config } from '../config.ts';
import { zod, type RouteModule } from '../http/index.ts';
import { DEFAULT_INFORMATION } from './default-information.ts';
import { ARABIC_INFORMATION, ARABIC_RULES } from './default-pages-ar.ts';
import { TURKISH_INFORMATION, TURKISH_RULES } from './default-pages-tr.ts';
import { DEFAULT_RULES } from './default-rules.ts';
import { OperatorPage } from './operator-page.ts';

/**
 * The operator's pages (docs/api.md "Rules"): GET /api/rules (the rules page) and GET /api/information
 * (the Information dialog). Public: they are no secret, and the portal may show them before sign-in.
 * Not at /rules, which is the portal's page.
 */
export const rulesRoutes: RouteModule<{ config: Config }> = (app, { config }) => {
  const pages = [
    {
      url: '/api/rules',
      page: new OperatorPage(resolveDataPath(config), 'rules', DEFAULT_RULES, { tr: TURKISH_RULES, ar: ARABIC_RULES }),
      name: 'rules page',
    },
    {
      url: '/api/information',
      page: new OperatorPage(resolveDataPath(config), 'information', DEFAULT_INFORMATION, {
        tr: TURKISH_INFORMATION,
        ar: ARABIC_INFORMATION,
      }),
      name: 'Information dialog',
    },
  ];
  for (const { url, page, name } of pages) {
    const file = url.slice('/api/'.length);
    zod(app).get(
      url,
      {
        schema: {
          tags: ['rules'],
          summary: `The ${name}: Markdown the operator edits in {DATA_DIR}/${file}.md (or ${file}.{lang}.md)`,
          querystring: rulesQuery,
          response: { 200: rulesAnswer, '4xx': errorAnswer, '5xx': errorAnswer },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return page.read(request.query.lang);
      },
    );
  }
};
