import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsSchema } from './settings.ts';

describe('Settings.json comingSoonDate', () => {
  it('is empty (no date set) by default', () => {
    expect(defaultSettings.comingSoonDate).toBe('');
  });

  it('takes an ISO 8601 date-time with Z or an offset', () => {
    for (const value of ['2030-01-01T00:00:00Z', '2030-01-01T00:00:00+03:00', '2030-01-01T00:00:00.250Z']) {
      expect(settingsSchema.parse({ comingSoonDate: value }).comingSoonDate).toBe(value);
    }
  });

  it('refuses a date without a time or a zone, and other text (the file is then invalid)', () => {
    for (const value of ['2030-01-01', '2030-01-01T00:00:00', 'next week', 20300101]) {
      expect(settingsSchema.safeParse({ comingSoonDate: value }).success).toBe(false);
    }
  });
});
