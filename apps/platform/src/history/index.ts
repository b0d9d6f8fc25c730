export { registerHistory } from './history-routes.ts';
