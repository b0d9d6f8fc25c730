export { infoPageRoutes } from './info-page-routes.ts';
export { rulesRoutes } from './rules-routes.ts';
