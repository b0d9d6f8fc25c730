export { registerRules } from './module-routes.ts';
