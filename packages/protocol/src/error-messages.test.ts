import { describe, expect, it } from 'vitest';
import { ErrorCode } from './codes.ts';
import { errorMessages, errorText } from './error-messages.ts';
import { protectionMessages, ProtectionCode } from './protection-messages.ts';

describe('errorText', () => {
  it('fills the Params in, with the noun after a number singular for 1', () => {
    expect(errorText(ErrorCode.WrongPassword, { left_count: 1, block_time: 15 })).toBe(
      'Wrong username or password. 1 attempt left before the account is blocked for 15 minutes.',
    );
    expect(errorText(ErrorCode.WrongPassword, { left_count: 2, block_time: 1 })).toBe(
      'Wrong username or password. 2 attempts left before the account is blocked for 1 minute.',
    );
    expect(errorText(ErrorCode.AccountBlocked, { block_time: 1 })).toBe(
      'Your account is protected after too many false attempts. Try again in 1 minute.',
    );
    expect(errorText(ErrorCode.PromotionCooldown, { minutes: 5, seconds: 1 })).toBe(
      'You can use this only once per 5 minutes. Try again in 1 second.',
    );
  });

  it('shows amounts (minor units) in currency units', () => {
    expect(errorText(ErrorCode.PromotionBalanceTooHigh, { amount: 10_000 })).toBe('Your balance must be below 100.00');
  });

  it('never leaves a placeholder in the text', () => {
    const texts: Record<number, string> = { ...errorMessages, ...protectionMessages };
    for (const code of [...Object.values(ErrorCode), ...Object.values(ProtectionCode)]) {
      const names = [...texts[code]!.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
      expect(errorText(code, Object.fromEntries(names.map((n) => [n, 3])))).not.toMatch(/\{\{|\}\}/);
      expect(errorText(code)).not.toMatch(/\{\{|\}\}/);
    }
  });
});
