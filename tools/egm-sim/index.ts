export { startEgmSimulator, type EgmSimulator, type SimulatorHooks } from './simulator.ts';
export { createPtyPair, type PtyPair } from './pty-pair.ts';
export type { SimulatorOptions } from './options.ts';
export type { ControlCommand, ControlReply } from './control/commands.ts';
export { GLASS, SYMBOL_COLOURS } from './glass/reel-picture.ts';
