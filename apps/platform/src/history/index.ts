export { historyRoutes } from './history-routes.ts';
