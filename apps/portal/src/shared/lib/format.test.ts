import { describe, expect, it } from 'vitest';
import { formatHotCoin, formatMoney } from './format';

describe('formatMoney: the one amount formatter', () => {
  it('signs a gain where the locale puts signs, never by gluing a + to the text', () => {
    expect(formatMoney(5260, 'en', 'TRY', { signed: true })).toBe('+TRY\u00a052.60');
    expect(formatMoney(5260, 'tr', 'TRY', { signed: true })).toBe('+₺52,60');
    expect(formatMoney(-5260, 'tr', 'TRY', { signed: true })).toBe('-₺52,60');
    expect(formatMoney(5260, 'en', 'TRY')).toBe('TRY\u00a052.60');
  });

  it('in Arabic, isolates the amount and keeps the sign before the digits, the currency after them', () => {
    const gain = formatMoney(5260, 'ar', 'TRY', { signed: true });
    expect(gain.startsWith('\u2068') && gain.endsWith('\u2069')).toBe(true);
    // Logical order without the direction marks: sign, digits, currency (shown left to right as one unit).
    expect(gain.replace(/[\u2068\u2069\u200e\u200f\u061c]/g, '')).toBe('+52.60\u00a0TRY');
    expect(formatMoney(-5260, 'ar', 'TRY').replace(/[\u2068\u2069\u200e\u200f\u061c]/g, '')).toBe('-52.60\u00a0TRY');
  });
});

describe("formatHotCoin: SPEC §9's display form", () => {
  const coins = [500, 5000, 10000, 50000, 100000];
  it('groups thousands from five digits on, in the language', () => {
    expect(coins.map((coin) => formatHotCoin(coin, 'tr'))).toEqual(['500', '5000', '10.000', '50.000', '100.000']);
    expect(coins.map((coin) => formatHotCoin(coin, 'en'))).toEqual(['500', '5000', '10,000', '50,000', '100,000']);
    expect(coins.map((coin) => formatHotCoin(coin, 'ar').replace(/[\u2068\u2069]/g, ''))).toEqual([
      '500',
      '5000',
      '10,000',
      '50,000',
      '100,000',
    ]);
  });
});
