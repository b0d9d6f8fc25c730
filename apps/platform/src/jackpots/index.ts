export { jackpotRoutes } from './jackpot-routes.ts';
export { Jackpots } from './jackpots.ts';
export { jackpotAccount, JACKPOTS_ACCOUNT, type MeterChanges, type MeterView } from './jackpot-meters.ts';
