export { Floor, type FloorSources } from './floor.ts';
export { registerConsole, type ConsoleDeps } from './module-routes.ts';
