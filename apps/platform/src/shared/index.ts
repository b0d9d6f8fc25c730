export type { Clock } from './clock.ts';
export { DomainError, invalidRequest, notFound, type ErrorParams } from './domain-error.ts';
export { burnPasswordCheck, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';
