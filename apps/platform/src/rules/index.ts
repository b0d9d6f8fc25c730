export { rulesRoutes } from './rules-routes.ts';
