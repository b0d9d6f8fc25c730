import { emailAddress, passwordProblem, reservedUsernames, type RegistrationState } from '@reelcast/protocol';
import type { useAuthPagesTexts } from './auth-pages-texts';

type Texts = ReturnType<typeof useAuthPagesTexts>;
export type AccountRules = Pick<RegistrationState, 'passwordMinLength' | 'usernameMinLength' | 'usernameMaxLength'> &
  Partial<Pick<RegistrationState, 'limitsMandatory'>>;

/** What is wrong with a username a person wants, as the protocol's `newUsername` decides it. */
export function usernameProblem(username: string, rules: AccountRules, t: Texts): string | undefined {
  const name = username.trim();
  if (!name) return t('fields.required');
  if (name.length < rules.usernameMinLength || name.length > rules.usernameMaxLength) {
    return t('fields.usernameLength', { min: rules.usernameMinLength, max: rules.usernameMaxLength });
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) return t('fields.usernameCharacters');
  if (reservedUsernames.has(name.toLowerCase())) return t('fields.usernameReserved');
  return undefined;
}

export function emailProblem(email: string, t: Texts): string | undefined {
  if (!email.trim()) return t('fields.required');
  return emailAddress.safeParse(email).success ? undefined : t('fields.email');
}

/**
 * What is wrong with a new password (registration, reset): the protocol's `passwordProblem`, the
 * server's own rule, so the form says it before the server refuses with 40101 / 40102.
 */
export function newPasswordProblem(password: string, account: { username?: string; email?: string }, minLength: number, t: Texts) {
  if (!password) return t('fields.required');
  if ([...password].length < minLength) return t('fields.tooShort', { min: minLength });
  const problem = passwordProblem(password, account);
  switch (problem) {
    case null:
      return undefined;
    case 'too-short':
      return t('fields.tooShort', { min: minLength });
    case 'common':
      return t('fields.common');
    case 'username':
      return t('fields.containsUsername');
    case 'email':
      return t('fields.containsEmail');
    case 'repetitive':
      return t('fields.repetitive');
  }
}

export function confirmationProblem(password: string, confirmation: string, t: Texts): string | undefined {
  if (!confirmation) return t('fields.required');
  return confirmation === password ? undefined : t('fields.passwordsDiffer');
}

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong';

/**
 * The strength hint under a new password: weak while the server would refuse it, then fair, good or
 * strong by its length (12, 16 characters) and its kinds of characters (lower and upper case letters,
 * digits, others: three kinds or more count). Null for an empty field.
 */
export function passwordStrength(
  password: string,
  account: { username?: string; email?: string },
  minLength: number,
): StrengthLevel | null {
  if (!password) return null;
  const length = [...password].length;
  if (length < minLength || passwordProblem(password, account)) return 'weak';
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{Ll}\p{Lu}\p{N}]/u].filter((kind) => kind.test(password)).length;
  const points = (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0) + (kinds >= 3 ? 1 : 0);
  return points === 0 ? 'fair' : points === 1 ? 'good' : 'strong';
}
