export { accountRoutes } from './account-routes.ts';
export { playerNotBanned, PlayersService, type Player } from './players-service.ts';
