export { registerJackpots } from './jackpot-routes.ts';
export { Jackpots } from './jackpots.ts';
export { type MeterChanges, type MeterView } from './jackpot-meters.ts';
