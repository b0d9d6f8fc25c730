import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney } from './money-format.ts';

describe('formatMinor', () => {
  it.each([
    [25050, '250.50'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [-150, '-1.50'],
    [-5, '-0.05'],
    [100000, '1,000.00'],
    [123456789, '1,234,567.89'],
  ])('%i → %s', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });
});

describe('formatMoney', () => {
  it("writes the amount in the locale's currency format", () => {
    expect(formatMoney(123456, 'en-US', 'USD')).toBe('$1,234.56');
    expect(formatMoney(123456, 'tr-TR', 'TRY')).toBe('₺1.234,56');
  });

  it('signs a gain as the locale does when asked, never zero', () => {
    expect(formatMoney(5260, 'en-US', 'TRY', { signed: true })).toBe('+TRY\u00a052.60');
    expect(formatMoney(-5260, 'tr-TR', 'TRY', { signed: true })).toBe('-₺52,60');
    expect(formatMoney(0, 'en-US', 'TRY', { signed: true })).toBe('TRY\u00a00.00');
    expect(formatMoney(5260, 'en-US', 'not a currency', { signed: true })).toBe('+52.60 not a currency');
  });

  it('falls back to the plain form with the currency code when the currency is not one', () => {
    expect(formatMoney(123456, 'en-US', 'not a currency')).toBe('1,234.56 not a currency');
  });

  it('keeps one formatter per locale, currency and sign: each call still writes its own form', () => {
    const forms = () => [
      formatMoney(5260, 'en-US', 'TRY'),
      formatMoney(5260, 'en-US', 'TRY', { signed: true }),
      formatMoney(5260, 'tr-TR', 'TRY'),
      formatMoney(5260, 'en-US', 'USD'),
      formatMoney(5260, 'en-US', 'not a currency'),
    ];
    const expected = ['TRY\u00a052.60', '+TRY\u00a052.60', '₺52,60', '$52.60', '52.60 not a currency'];
    expect(forms()).toEqual(expected);
    expect(forms()).toEqual(expected);
  });
});
