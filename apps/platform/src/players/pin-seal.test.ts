import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PinSeal } from './pin-seal.ts';

describe('PinSeal', () => {
  const seal = new PinSeal(randomBytes(32));

  it('opens what it sealed; each seal of the same PIN differs', () => {
    const [a, b] = [seal.seal('4821'), seal.seal('4821')];
    expect(a).not.toBe(b);
    expect(a).not.toContain('4821');
    expect(seal.open(a)).toBe('4821');
    expect(seal.open(b)).toBe('4821');
  });

  it('opens nothing sealed with another key, tampered with, or not a seal', () => {
    const sealed = seal.seal('93015');
    expect(new PinSeal(randomBytes(32)).open(sealed)).toBeNull();
    const [scheme, iv, data, tag] = sealed.split('$');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(seal.open([scheme, iv, flipped.toString('base64url'), tag].join('$'))).toBeNull();
    expect(seal.open('1234')).toBeNull();
  });
});
