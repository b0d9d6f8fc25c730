import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { initI18n } from '@/shared/i18n/i18n';
import { ApiError, InvalidAnswerError, NetworkError } from './api-error';
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

  it("says until when a time-out or self-exclusion lasts as a date and time in the player's language and the browser's time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Istanbul';
    try {
      const until = '2026-12-03T09:05:07.000Z';
      const timedOut = () => translateError(apiError(ErrorCode.TimedOut, 'x', { until }));
      expect(timedOut()).toMatch(/^You are on a break until December 3, 2026\D+12:05:07\sPM\.$/);
      await initI18n('tr');
      expect(translateError(apiError(ErrorCode.SelfExcluded, 'x', { until }))).toBe(
        '3 Aralık 2026 12:05:07 tarihine kadar kendinizi uzaklaştırdınız.',
      );
      await initI18n('ar');
      // Latin or Arabic-Indic digits, as the ICU's Arabic has them.
      expect(timedOut()).toMatch(/^أنت في استراحة حتى (3|٣) ديسمبر (2026|٢٠٢٦) في (12:05:07|١٢:٠٥:٠٧)\s?م\.$/u);
      // Something that is not an instant is shown as it came, not as an error.
      expect(translateError(apiError(ErrorCode.TimedOut, 'x', { until: 'soon' }))).toBe('أنت في استراحة حتى soon.');
    } finally {
      process.env.TZ = zone;
      await initI18n('en');
    }
  });

  it('puts counted words in the number their count needs', () => {
    expect(translateError(apiError(ErrorCode.WrongPassword, 'x', { left_count: 1, block_time: 1 }))).toBe(
      'Wrong username or password. 1 attempt left before the account is blocked for 1 minute.',
    );
    expect(translateError(apiError(ErrorCode.AccountBlocked, 'x', { block_time: 1 }))).toBe(
      'Your account is protected after too many false attempts. Try again in 1 minute.',
    );
    expect(translateError(apiError(ErrorCode.PromotionCooldown, 'x', { minutes: 5, seconds: 1 }))).toBe(
      'You can use this only once per 5 minutes. Try again in 1 second.',
    );
    expect(translateError(apiError(ErrorCode.PromotionCooldown, 'x', { minutes: 1, seconds: 42 }))).toBe(
      'You can use this only once per 1 minute. Try again in 42 seconds.',
    );
  });

  it('counts in Arabic with its plural forms', async () => {
    await initI18n('ar');
    expect(translateError(apiError(ErrorCode.WrongPassword, 'x', { left_count: 2, block_time: 15 }))).toBe(
      'اسم المستخدم أو كلمة المرور غير صحيحة. تبقى لديك محاولتان قبل حظر الحساب لمدة 15 دقيقة.',
    );
    expect(translateError(apiError(ErrorCode.PromotionCooldown, 'x', { minutes: 5, seconds: 1 }))).toBe(
      'يمكنك استخدام هذا مرة واحدة كل 5 دقائق. حاول مرة أخرى بعد ثانية واحدة.',
    );
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

  it('shows no developer text to the player', () => {
    expect(translateError(new InvalidAnswerError('Unexpected answer from GET /player/balance'))).toBe('Something went wrong.');
    expect(translateError(new ApiError(502, 'GET', '/player/balance', null))).toBe('Something went wrong.');
    expect(translateError(new TypeError("Cannot read properties of undefined (reading 'balance')"))).toBe('Something went wrong.');
  });

  it('names a missing answer as a network error', () => {
    expect(translateError(new NetworkError('GET', '/player/balance'))).toBe('Network Error, please check your connection');
  });
});
