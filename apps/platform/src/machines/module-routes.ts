import type { RouteModule } from '../http/index.ts';
import { machineApiRoutes, type MachineApiDeps } from './machine-api-routes.ts';
import { machineRoutes, type MachineRouteDeps } from './machine-routes.ts';
import { playerMachineRoutes, type PlayerMachineDeps } from './player-machine-routes.ts';

/** The lobby's lists, the machine agents' API and the reconnect dialog's buttons. */
export const registerMachines: RouteModule<MachineRouteDeps & MachineApiDeps & PlayerMachineDeps> = (app, deps) => {
  machineRoutes(app, deps);
  machineApiRoutes(app, deps);
  playerMachineRoutes(app, deps);
};
