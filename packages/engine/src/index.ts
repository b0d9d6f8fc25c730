export * from './rng.ts';
export * from './paytable.ts';
export * from './evaluate.ts';
export * from './rtp.ts';
export * from './status.ts';
export * from './machine-game.ts';
