export { registerSelfService } from './self-service-routes.ts';
export { SelfService } from './self-service.ts';
