export { registerProtection } from './protection-routes.ts';
export { ProtectionService, type ExclusionListing } from './protection-service.ts';
export { periodBounds } from './periods.ts';
