export { registerIce } from './ice-routes.ts';
export { turnCredential, type TurnCredential } from './turn-credentials.ts';
