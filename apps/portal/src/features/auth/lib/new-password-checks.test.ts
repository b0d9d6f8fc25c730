import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
// Registers the texts, as the pages' chunk does when it loads.
import './auth-pages-texts';
import type { useAuthPagesTexts } from './auth-pages-texts';
import { emailProblem, newPasswordProblem, passwordStrength, usernameProblem } from './new-password-checks';

// The texts function without a component: the hook's `t` reads i18next, which is set up in English.
const t: ReturnType<typeof useAuthPagesTexts> = (key, options) =>
  i18n.t(`authPages.${key}` as never, options as never) as unknown as string;
const rules = { passwordMinLength: 8, usernameMinLength: 4, usernameMaxLength: 32 };

describe('the registration form’s own checks (the protocol’s rules, said before the server refuses)', () => {
  it('usernames: required, 4 to 32, letters digits . _ -, not reserved', () => {
    expect(usernameProblem('  ', rules, t)).toBe('This field is required');
    expect(usernameProblem('ab', rules, t)).toBe('Between 4 and 32 characters');
    expect(usernameProblem('a'.repeat(33), rules, t)).toBe('Between 4 and 32 characters');
    expect(usernameProblem('ayşe', rules, t)).toBe('Only letters, digits, . _ and -, starting with a letter or a digit');
    expect(usernameProblem('.ayse', rules, t)).toBe('Only letters, digits, . _ and -, starting with a letter or a digit');
    expect(usernameProblem('Admin', rules, t)).toBe('This name is reserved');
    expect(usernameProblem(' ayse_1.k ', rules, t)).toBeUndefined();
  });

  it('e-mail addresses', () => {
    expect(emailProblem('', t)).toBe('This field is required');
    for (const bad of ['ayse', 'ayse@', 'ayse@example', 'a b@example.com'])
      expect(emailProblem(bad, t)).toBe('Enter a valid e-mail address');
    expect(emailProblem(' ayse@example.com ', t)).toBeUndefined();
  });

  it('new passwords: each reason of passwordProblem in words', () => {
    const account = { username: 'ayse', email: 'kirmizi@example.com' };
    expect(newPasswordProblem('', account, 8, t)).toBe('This field is required');
    expect(newPasswordProblem('kısa1', account, 8, t)).toBe('At least 8 characters');
    expect(newPasswordProblem('galatasaray1905', account, 8, t)).toBe('This password is too easy to guess');
    expect(newPasswordProblem('12345678', account, 8, t)).toBe('This password is too easy to guess');
    expect(newPasswordProblem('ayse-parola-42', account, 8, t)).toBe('The password must not contain your username');
    expect(newPasswordProblem('kirmizi-balon', account, 8, t)).toBe('The password must not contain your e-mail address');
    expect(newPasswordProblem('abababab', account, 8, t)).toBe('Use at least 4 different characters');
    expect(newPasswordProblem('mavi-balon-42', account, 8, t)).toBeUndefined();
  });

  it('the strength hint: weak while refused, then fair, good, strong by length and kinds of characters', () => {
    const account = { username: 'ayse', email: 'ayse@example.com' };
    expect(passwordStrength('', account, 8)).toBeNull();
    expect(passwordStrength('password1', account, 8)).toBe('weak');
    expect(passwordStrength('maviballon', account, 8)).toBe('fair');
    expect(passwordStrength('mavi-bal-42', account, 8)).toBe('good'); // 3 kinds
    expect(passwordStrength('maviballonlar', account, 8)).toBe('good'); // 12 characters
    expect(passwordStrength('Mavi-Balon-42', account, 8)).toBe('strong');
    expect(passwordStrength('uzun bir cümle gibi', account, 8)).toBe('strong');
  });
});
