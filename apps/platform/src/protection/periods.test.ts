import { describe, expect, it } from 'vitest';
import { periodBounds, zonedMidnight } from './periods.ts';

const iso = (bounds: { start: Date; end: Date }) => [bounds.start.toISOString(), bounds.end.toISOString()];

describe('calendar periods in the operator time zone', () => {
  it('a day runs from local midnight to the next; one millisecond either side of midnight falls in different days', () => {
    const midnight = new Date('2026-03-10T21:00:00.000Z'); // 00:00 in Istanbul (UTC+3)
    expect(iso(periodBounds('day', midnight, 'Europe/Istanbul'))).toEqual(['2026-03-10T21:00:00.000Z', '2026-03-11T21:00:00.000Z']);
    expect(iso(periodBounds('day', new Date(midnight.getTime() - 1), 'Europe/Istanbul'))).toEqual([
      '2026-03-09T21:00:00.000Z',
      '2026-03-10T21:00:00.000Z',
    ]);
  });

  it('a week starts on Monday at local midnight', () => {
    // Sunday 2026-03-15 23:59:59 in Istanbul, then Monday 00:00.
    const sunday = new Date('2026-03-15T20:59:59.999Z');
    expect(iso(periodBounds('week', sunday, 'Europe/Istanbul'))).toEqual(['2026-03-08T21:00:00.000Z', '2026-03-15T21:00:00.000Z']);
    const monday = new Date('2026-03-15T21:00:00.000Z');
    expect(iso(periodBounds('week', monday, 'Europe/Istanbul'))).toEqual(['2026-03-15T21:00:00.000Z', '2026-03-22T21:00:00.000Z']);
  });

  it('a month ends at the last day’s end, also in February of a leap year and across a year end', () => {
    expect(iso(periodBounds('month', new Date('2028-02-29T20:59:59.999Z'), 'Europe/Istanbul'))).toEqual([
      '2028-01-31T21:00:00.000Z',
      '2028-02-29T21:00:00.000Z',
    ]);
    expect(iso(periodBounds('month', new Date('2026-12-31T21:00:00.000Z'), 'Europe/Istanbul'))).toEqual([
      '2026-12-31T21:00:00.000Z',
      '2027-01-31T21:00:00.000Z',
    ]);
  });

  it('a day with a DST change lasts 23 or 25 hours in a zone that has one', () => {
    // Europe/London: clocks go forward 2026-03-29 01:00 UTC, back 2026-10-25 01:00 UTC.
    const spring = periodBounds('day', new Date('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(iso(spring)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = periodBounds('day', new Date('2026-10-25T12:00:00Z'), 'Europe/London');
    expect(iso(autumn)).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
    // The week holding the change starts at BST-less midnight and ends at BST midnight.
    expect(iso(periodBounds('week', new Date('2026-03-29T12:00:00Z'), 'Europe/London'))).toEqual([
      '2026-03-23T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
  });

  it('a day whose midnight is skipped by DST starts when the clock jumps', () => {
    // America/Santiago: 2026-09-06 00:00 jumps to 01:00 (UTC-4 → UTC-3).
    expect(zonedMidnight(2026, 9, 6, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(zonedMidnight(2026, 9, 7, 'America/Santiago').toISOString()).toBe('2026-09-07T03:00:00.000Z');
  });
});
