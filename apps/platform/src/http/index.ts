export { ApiError } from './api-error.ts';
export { playerOf, requirePlayer } from './authenticate.ts';
export { failureAnswering } from './errors.ts';
export { zod, type RouteModule } from './context.ts';
export { platformOrigins } from './origins.ts';
export { throttles } from './rate-limits.ts';
export { healthRoutes } from './health-routes.ts';
