export { loadPromotionsConfig } from './promotions-config.ts';
export { promotionsRoutes } from './promotions-routes.ts';
export { PromotionsService } from './promotions-service.ts';
export { WeeklyPayoutCap, type PayoutCap } from './weekly-payout-cap.ts';
