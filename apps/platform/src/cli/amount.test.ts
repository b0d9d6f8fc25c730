import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_AMOUNT_MINOR, formatMinor } from '@reelcast/protocol';
import { parseAmount } from './amount.ts';

describe('parseAmount: currency units typed by an operator → minor units, exactly', () => {
  it.each([
    ['0.1', 10],
    ['0.01', 1],
    ['99.99', 9999],
    ['1,5', 150],
    ['1,05', 105],
    ['250', 25000],
    ['250.50', 25050],
    ['1000.00', 100000],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999
    ['4.35', 435],
    ['  7.5  ', 750],
    ['007', 700],
  ])('%s → %i', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  it.each([
    ['1.234', /is not an amount/],
    ['-1', /is not an amount/],
    ['+1', /is not an amount/],
    ['0', /more than zero/],
    ['0.00', /more than zero/],
    ['1e3', /is not an amount/],
    ['', /is not an amount/],
    ['   ', /is not an amount/],
    ['.5', /is not an amount/],
    ['5.', /is not an amount/],
    ['1,000.00', /is not an amount/],
    ['1 000', /is not an amount/],
    ['abc', /is not an amount/],
    ['NaN', /is not an amount/],
    ['Infinity', /is not an amount/],
    ['0x10', /is not an amount/],
    ['١٢', /is not an amount/], // Arabic-Indic digits
    ['5 TL', /is not an amount/],
    ['123456789', /is not an amount/],
  ])('rejects %j', (text, message) => {
    expect(() => parseAmount(text)).toThrow(message);
  });

  it('the error names what was typed and gives an example', () => {
    expect(() => parseAmount('12.345')).toThrow('"12.345" is not an amount: use a number with at most two decimals, e.g. 250 or 99.50');
  });

  it('accepts the largest amount the ledger takes and refuses more with a clear message', () => {
    expect(parseAmount(formatMinor(MAX_AMOUNT_MINOR).replaceAll(',', ''))).toBe(MAX_AMOUNT_MINOR);
    expect(() => parseAmount('10000000.01')).toThrow(/at most 10,000,000\.00/);
    expect(() => parseAmount('99999999.99')).toThrow(/at most/);
  });

  it('is exact for every units.cents pair (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), (units, cents) => {
        fc.pre(units + cents > 0);
        const minor = units * 100 + cents;
        expect(parseAmount(`${units}.${String(cents).padStart(2, '0')}`)).toBe(minor);
        expect(parseAmount(`${units},${String(cents).padStart(2, '0')}`)).toBe(minor);
        if (cents % 10 === 0) expect(parseAmount(`${units}.${cents / 10}`)).toBe(minor);
      }),
    );
  });
});

describe('the protocol formatMinor', () => {
  it('round-trips through parseAmount once the thousands separators are dropped (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_MINOR }), (minor) => {
        expect(parseAmount(formatMinor(minor).replaceAll(',', ''))).toBe(minor);
      }),
    );
  });
});
