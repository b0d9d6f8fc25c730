import { describe, expect, it } from 'vitest';
import { localIsoDate, todayParts } from './today';

describe('todayParts (SPEC §2 quick panel: Today)', () => {
  const date = new Date(2026, 10, 24, 12); // Tuesday 24 November 2026, local time

  it('names the weekday, the day and the month in the player’s language', () => {
    expect(todayParts(date, 'en')).toEqual({ weekday: 'Tuesday', day: '24', month: 'November', full: 'Tuesday, November 24' });
    expect(todayParts(date, 'tr')).toMatchObject({ weekday: 'Salı', day: '24', month: 'Kasım' });
    const arabic = todayParts(date, 'ar');
    expect(arabic.weekday).toBe('الثلاثاء');
    expect(arabic.month).toBe('نوفمبر');
    expect(arabic.day).toMatch(/^(24|٢٤)$/);
  });

  it('gives the local date for <time dateTime>', () => {
    expect(localIsoDate(date)).toBe('2026-11-24');
    expect(localIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
