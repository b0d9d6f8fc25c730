import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount, formatMinor, formatMoney } from './money-format.ts';

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

/** Amounts around every place a digit, a group or the sign changes, and a spread of others. */
const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 5260, 99_999, 100_000, 123_456, 999_999, 1_000_000, 2_147_483_647];
for (let n = 1; n < 1e15; n = n * 7 + 3) amounts.push(n);
const signedAmounts = [...amounts, ...amounts.map((n) => -n)];

describe("money and counts written out for the portal's locales", () => {
  afterEach(() => vi.restoreAllMocks());

  const locales = ['en-US', 'tr-TR', 'ar'];
  const currencies = ['TRY', 'USD', 'EUR', 'GBP'];

  it.each(locales.flatMap((locale) => currencies.map((currency) => [locale, currency])))(
    '%s %s: the same text as Intl for every amount, signed or not, without asking Intl',
    (locale, currency) => {
      const intl = (signed: boolean) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' });
      const expected = [false, true].map((signed) => signedAmounts.map((minor) => intl(signed).format(minor / 100)));
      const made = vi.spyOn(Intl, 'NumberFormat');
      const written = [false, true].map((signed) => signedAmounts.map((minor) => formatMoney(minor, locale, currency, { signed })));
      expect(made).not.toHaveBeenCalled();
      expect(written).toEqual(expected);
    },
  );

  it.each(locales)('%s: counts as Intl groups them from five digits on, without asking Intl', (locale) => {
    const expected = signedAmounts.map((n) => new Intl.NumberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 0 }).format(n));
    const made = vi.spyOn(Intl, 'NumberFormat');
    const written = signedAmounts.map((n) => formatCount(n, locale));
    expect(made).not.toHaveBeenCalled();
    expect(written).toEqual(expected);
  });

  it('leaves to Intl what is not written out: another locale, currency or a part of a minor unit', () => {
    expect(formatMoney(123456, 'de-DE', 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'en-US', 'JPY')).toBe('¥1,235');
    expect(formatMoney(0.5, 'en-US', 'USD')).toBe('$0.01');
    expect(formatCount(10000, 'de-DE')).toBe('10.000');
    expect(formatCount(12345.5, 'en-US')).toBe('12,346');
    // Names an object has from its prototype are not written-out locales or currencies.
    expect(formatMoney(5260, 'en-US', 'constructor')).toBe('52.60 constructor');
    expect(() => formatCount(10000, 'constructor')).toThrow(RangeError);
  });
});
