import { describe, expect, it } from 'vitest';
import { countryName } from './country-name';

describe('countryName', () => {
  it('names a country in the page’s language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'tr')).toBe('Almanya');
    expect(countryName('DE', 'ar')).toBe('ألمانيا');
    expect(countryName('TR', 'en')).toBe('Türkiye');
  });

  it("keeps 'LAN', and anything that is not a two-letter code, as it is", () => {
    expect(countryName('LAN', 'en')).toBe('LAN');
    expect(countryName('', 'en')).toBe('');
    expect(countryName('de', 'en')).toBe('de');
  });

  it('gives the code back when the browser has no name for it', () => {
    expect(countryName('AA', 'en')).toBe('AA');
    expect(countryName('XX', 'tr')).toBe('XX');
  });

  it('gives the code back for a language tag the browser refuses', () => {
    expect(countryName('DE', 'xx-invalid-@@')).toBe('DE');
  });
});
