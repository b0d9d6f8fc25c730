import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { initI18n } from '@/shared/i18n/i18n';
import { ApiError, NetworkError } from './api-error';
import { translateError } from './translate-error';

const apiError = (code: number, ErrorMessage: string, Params?: Record<string, string | number>) =>
  new ApiError(401, 'POST', '/login', { code, ErrorMessage, Params });

describe('translateError', () => {
  it('translates a SPEC §8 code with its Params', () => {
    expect(translateError(apiError(ErrorCode.WrongPassword, 'x', { left_count: 2, block_time: 15 }))).toBe(
      'Wrong username or password. 2 attempts left before the account is blocked for 15 minutes.',
    );
    expect(translateError(apiError(ErrorCode.AccountBlocked, 'x', { block_time: 9 }))).toBe(
      'Your account is protected after too many false attempts. Try again in 9 minutes.',
    );
    expect(translateError(apiError(ErrorCode.Banned, 'x'))).toBe('You have been banned.');
  });

  it('uses the language of the moment', async () => {
    await initI18n('tr');
    expect(translateError(apiError(ErrorCode.WrongPassword, 'x', { left_count: 1, block_time: 30 }))).toBe(
      'Kullanıcı adı veya şifre hatalı. Hesabınız 30 dakika engellenmeden önce 1 deneme hakkınız kaldı.',
    );
  });

  it("falls back to the server's ErrorMessage for an unknown code", () => {
    expect(translateError(apiError(99999, 'Something specific'))).toBe('Something specific');
  });

  it('names a missing answer as a network error', () => {
    expect(translateError(new NetworkError('GET', '/player/balance'))).toBe('Network Error, please check your connection');
  });
});
