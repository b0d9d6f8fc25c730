export { MachineAgents, type SeatLimits } from './machine-agents.ts';
export { MachinePlay, type CashInGuard, type CashOutSplit, type CashOutToSplit, type PayoutCap } from './machine-play.ts';
export { MachineRegistry } from './machine-registry.ts';
export { registerMachines } from './module-routes.ts';
export { SlotSessionHistory } from './slot-session-history.ts';
export { netLoss } from './net-loss.ts';
export { cashInSince, machineTransferRecorded } from './play-records.ts';
