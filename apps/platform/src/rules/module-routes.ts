import fastifyEtag from '@fastify/etag';
import type { RouteModule } from '../http/index.ts';
import { infoPageRoutes, type InfoPageDeps } from './info-page-routes.ts';
import { rulesRoutes } from './rules-routes.ts';

/** The operator's rules and information, and the footer's info pages. */
export const registerRules: RouteModule<InfoPageDeps> = (app, deps) => {
  rulesRoutes(app, deps);
  // The footer's info pages are revalidated on every load: an ETag lets an unchanged one answer 304.
  void app.register(async (scope) => {
    await scope.register(fastifyEtag);
    infoPageRoutes(scope, deps);
  });
};
