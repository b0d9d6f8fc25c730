import { errorAnswer, rulesAnswer, rulesQuery } from '@reelcast/protocol';
import { resolveDataPath } from '../config.ts';
import { zod, type RouteModule } from '../http/index.ts';
import { RulesFile } from './rules-file.ts';

/**
 * GET /api/rules: the operator's rules (docs/api.md "Rules"). Public: the rules are no secret, and the
 * footer may link them before sign-in. Not at /rules, which is the portal's page.
 */
export const rulesRoutes: RouteModule = (app, { config }) => {
  const rules = new RulesFile(resolveDataPath(config));
  zod(app).get(
    '/api/rules',
    {
      schema: {
        tags: ['rules'],
        summary: 'The rules page: Markdown the operator edits in {DATA_DIR}/rules.md (or rules.{lang}.md)',
        querystring: rulesQuery,
        response: { 200: rulesAnswer, '4xx': errorAnswer, '5xx': errorAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return rules.read(request.query.lang);
    },
  );
};
