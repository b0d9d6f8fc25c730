export { MachineAgents } from './machine-agents.ts';
export { machineApiRoutes } from './machine-api-routes.ts';
export { MachinePlay } from './machine-play.ts';
export { MachineRegistry } from './machine-registry.ts';
export { machineRoutes } from './machine-routes.ts';
export { playerMachineRoutes } from './player-machine-routes.ts';
export { SlotSessionHistory } from './slot-session-history.ts';
export { netLoss } from './net-loss.ts';
export { cashInSince, machineTransferRecorded } from './play-records.ts';
