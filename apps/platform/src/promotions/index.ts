export { loadPromotionsConfig } from './promotions-config.ts';
export { registerPromotions } from './promotions-routes.ts';
export { PromotionsService } from './promotions-service.ts';
export { WeeklyPayoutCap } from './weekly-payout-cap.ts';
