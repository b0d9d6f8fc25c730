import { ErrorCode, NEW_PASSWORD_MIN_LENGTH, passwordProblem } from '@reelcast/protocol';
import { DomainError } from '../shared/index.ts';

/**
 * A registration's or a reset's new password (docs/self-service.md): 40101 with `Params.min_length`
 * when shorter than 8 characters, 40102 with `Params.reason` when easy to guess; `Params.field` names
 * the form's input. The answer is about the password alone, never about accounts.
 */
export function checkNewPassword(password: string, account: { username: string; email: string }): void {
  const problem = passwordProblem(password, account);
  if (problem === 'too-short') {
    throw new DomainError(ErrorCode.PasswordTooShort, { min_length: NEW_PASSWORD_MIN_LENGTH, field: 'body.password' });
  }
  if (problem) {
    throw new DomainError(ErrorCode.PasswordTooWeak, { reason: problem, field: 'body.password' }, weakText[problem]);
  }
}

const weakText = {
  common: 'This password is among the first ones anyone guessing tries. Choose another.',
  username: 'The password must not contain the username.',
  email: 'The password must not contain the e-mail address.',
  repetitive: 'The password needs at least 4 different characters.',
} as const;
