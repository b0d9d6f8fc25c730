export { AttemptLimiter } from './attempt-limiter.ts';
export { registerAuth } from './auth-routes.ts';
export { AuthService } from './auth-service.ts';
export { Revocations } from './revocations.ts';
export { generateKeysFolder, loadInstanceKeys, MACHINE_TOKEN_FILE, SIGNING_KEYS_FILE } from './instance-keys.ts';
export { loadOrCreateSigningKeys } from './signing-keys.ts';
export { TokenSigner } from './tokens.ts';
export type { SignIn, SignInExclusions } from './auth-service.ts';
