import { describe, expect, it } from 'vitest';
import { formatHotCoin, formatMoney } from './format';

describe('formatMoney: the one amount formatter', () => {
  it('signs a gain where the locale puts signs, never by gluing a + to the text', () => {
    expect(formatMoney(5260, 'en', 'TRY', { signed: true })).toBe('+TRY\u00a052.60');
    expect(formatMoney(5260, 'tr', 'TRY', { signed: true })).toBe('+₺52,60');
    expect(formatMoney(-5260, 'tr', 'TRY', { signed: true })).toBe('-₺52,60');
    expect(formatMoney(5260, 'en', 'TRY')).toBe('TRY\u00a052.60');
  });

  it('in Arabic, writes each amount as one left-to-right block: sign, digits, currency, with no bidi marks inside', () => {
    expect(formatMoney(5260, 'ar', 'TRY', { signed: true })).toBe('\u2066+52.60\u00a0TRY\u2069');
    expect(formatMoney(-5260, 'ar', 'TRY')).toBe('\u2066-52.60\u00a0TRY\u2069');
    expect(formatMoney(128900, 'ar', 'TRY')).toBe('\u20661,289.00\u00a0TRY\u2069');
  });
});

describe("formatHotCoin: SPEC §9's display form", () => {
  const coins = [500, 5000, 10000, 50000, 100000];
  it('groups thousands from five digits on, in the language', () => {
    expect(coins.map((coin) => formatHotCoin(coin, 'tr'))).toEqual(['500', '5000', '10.000', '50.000', '100.000']);
    expect(coins.map((coin) => formatHotCoin(coin, 'en'))).toEqual(['500', '5000', '10,000', '50,000', '100,000']);
    expect(coins.map((coin) => formatHotCoin(coin, 'ar').replace(/[\u2066\u2069]/g, ''))).toEqual([
      '500',
      '5000',
      '10,000',
      '50,000',
      '100,000',
    ]);
  });
});
