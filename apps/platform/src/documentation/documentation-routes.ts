import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { documentationList, documentationPage, documentationParams, ErrorCode, errorAnswer, type PlayerRole } from '@reelcast/protocol';
import { ApiError, playerOf, signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import type { Config } from '../config.ts';
import type { PlayersService } from '../players/index.ts';
import { DocumentationLibrary, defaultDocsDir } from './documentation-library.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/**
 * SPEC §2 /documentation: the project's own Markdown pages (docs/documentation.md). Signed-in accounts
 * only; a player reads the player pages, the operator's team every page. The role is the account's as
 * the database has it now, not as the token was signed.
 */
export interface DocumentationDeps {
  auth: Authenticator;
  config: Pick<Config, 'docsDir'>;
  players: Pick<PlayersService, 'byId'>;
}

export const registerDocumentation: RouteModule<DocumentationDeps> = (app, { auth, config, players }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const library = new DocumentationLibrary(config.docsDir ? path.resolve(config.docsDir) : defaultDocsDir);
    const meta = { tags: ['documentation'], security: [{ bearer: [] }] };

    const roleOf = async (request: FastifyRequest): Promise<PlayerRole> => {
      const player = await players.byId(playerOf(request).id);
      if (!player) throw new ApiError(401, ErrorCode.SignatureNotVerified);
      return player.role;
    };

    api.get(
      '/api/documentation',
      {
        schema: {
          ...meta,
          summary: 'The documentation pages the account may read: player pages for everyone, operator pages for staff and admin',
          response: { 200: documentationList, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return { pages: await library.list(await roleOf(request)) };
      },
    );

    api.get(
      '/api/documentation/:slug',
      {
        schema: {
          ...meta,
          summary:
            "A documentation page's Markdown (404 / 40400 for a name that is not a page, 403 / 40300 for an operator page asked by a player)",
          params: documentationParams,
          response: { 200: documentationPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await library.read(request.params.slug, await roleOf(request));
        reply.header('cache-control', 'no-cache');
        return page;
      },
    );
  });
