/** The HTTP kernel every module's routes lean on; it imports no module (docs/architecture.md). */
export { ApiError } from './api-error.ts';
export { machineServiceRoutes, playerOf, roleRoutes, signedInRoutes, type RoleOf } from './authenticate.ts';
export { failureAnswering, installErrorHandler } from './errors.ts';
export { zod, type Authenticator, type RouteModule } from './context.ts';
export { installCompression, installPortalFiles } from './delivery.ts';
export { appPageFile, loginPageFile } from './login-page.ts';
export { LobbyPage } from './lobby-page.ts';
export { installOriginCheck, platformOrigins } from './origins.ts';
export { installRateLimits, throttles, type RateLimits } from './rate-limits.ts';
export { CspSourceList, installSecurityHeaders, SecurityHeaders } from './security-headers.ts';
export { healthRoutes } from './health-routes.ts';
export { installMetrics, PlatformMetrics } from './metrics.ts';
