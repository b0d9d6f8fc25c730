import type { AuditLog } from '../audit/index.ts';
import type { Authenticator, RouteModule } from '../http/index.ts';
import type { MachineAgents, MachinePlay, MachineRegistry } from '../machines/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { Clock } from '../shared/index.ts';
import { ConsoleActions } from './console-actions.ts';
import { consoleRoutes } from './console-routes.ts';
import type { Floor } from './floor.ts';

export interface ConsoleDeps {
  auth: Authenticator;
  machines: MachineRegistry;
  play: MachinePlay;
  agents: MachineAgents;
  players: Pick<PlayersService, 'byId'>;
  floor: Floor;
  audit: AuditLog;
  clock: Clock;
}

/** The operator's console (docs/console.md): the floor and the actions on a machine, for staff and admins. */
export const registerConsole: RouteModule<ConsoleDeps> = (app, deps) => {
  consoleRoutes(app, {
    auth: deps.auth,
    roleOf: async (id) => (await deps.players.byId(id))?.role,
    floor: deps.floor,
    actions: new ConsoleActions(deps),
  });
};
