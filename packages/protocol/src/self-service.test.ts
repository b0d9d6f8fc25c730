import { describe, expect, it } from 'vitest';
import { emailAddress, newUsername, passwordProblem, registerRequest } from './self-service.ts';

describe('passwordProblem', () => {
  const account = { username: 'ayse77', email: 'ayse.kaya@example.com' };

  it('accepts a long, unguessable password', () => {
    expect(passwordProblem('kirmizi-balon-42', account)).toBeNull();
    expect(passwordProblem('Ğüzel şifrem 9', account)).toBeNull();
  });

  it('refuses fewer than 8 characters, counted as code points', () => {
    expect(passwordProblem('a1b2c3d', account)).toBe('too-short');
    // Seven emoji are 14 UTF-16 units, still seven characters.
    expect(passwordProblem('🎰🎲🃏💰🍒🔔⭐', account)).toBe('too-short');
  });

  it('refuses the commonest passwords, with digits after them, and runs of digits', () => {
    for (const common of [
      'password',
      'Password123',
      'galatasaray1905',
      'QWERTYUIOP',
      'iloveyou!',
      '1q2w3e4r5t',
      '12345678',
      '9876543210',
    ]) {
      expect(passwordProblem(common, account), common).toBe('common');
    }
  });

  it('refuses the username or the e-mail address inside the password', () => {
    expect(passwordProblem('AYSE77-rocks', account)).toBe('username');
    expect(passwordProblem('my ayse.kaya mail', account)).toBe('email');
    expect(passwordProblem('ayse.kaya@example.com', { username: 'someone', email: 'ayse.kaya@example.com' })).toBe('email');
  });

  it('refuses a password of fewer than 4 different characters', () => {
    expect(passwordProblem('aaaaaaaaaa', account)).toBe('repetitive');
    expect(passwordProblem('abababab', account)).toBe('repetitive');
  });
});

describe('the registration form', () => {
  it('trims and checks the username', () => {
    expect(newUsername.parse('  ayse77 ')).toBe('ayse77');
    for (const bad of ['abc', '.ayse', 'ayşe', 'a@b.cd', 'x'.repeat(33), 'Admin', 'support']) {
      expect(newUsername.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes e-mail addresses a mail server can be asked to deliver', () => {
    expect(emailAddress.parse(' Ayse.Kaya+reels@example.com.tr ')).toBe('Ayse.Kaya+reels@example.com.tr');
    for (const bad of ['ayse', 'ayse@', '@example.com', 'ayse@example', 'ay se@example.com', 'a@b@example.com', 'ayse@example.c']) {
      expect(emailAddress.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses unknown fields and a language the mails are not written in', () => {
    const form = { username: 'ayse77', email: 'ayse@example.com', password: 'kirmizi-balon-42' };
    expect(registerRequest.safeParse(form).success).toBe(true);
    expect(registerRequest.safeParse({ ...form, role: 'admin' }).success).toBe(false);
    expect(registerRequest.safeParse({ ...form, language: 'de' }).success).toBe(false);
  });
});
