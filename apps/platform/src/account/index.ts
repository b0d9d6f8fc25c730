export { registerAccount } from './account-routes.ts';
