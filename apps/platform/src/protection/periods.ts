import type { LimitPeriod } from '@reelcast/protocol';

/** The start of each current calendar period (and the next one's), as instants. */
export interface PeriodBounds {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in the zone. */
function wallClock(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the zone's clock shows midnight starting the day (year, month, day); a day whose midnight
 * is skipped by a DST change begins when the clock jumps (the first instant of that date).
 */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The zone's offsets a day either side: one, or the two around a DST change near this midnight.
  const candidates = [offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone), offsetAt(wall, timeZone)].map(
    (offset) => wall - offset,
  );
  const onTheDay = candidates.filter((at) => {
    const shown = wallClock(at, timeZone);
    return Date.UTC(shown.year, shown.month - 1, shown.day) === wall;
  });
  return new Date(Math.min(...(onTheDay.length ? onTheDay : candidates)));
}

/**
 * The calendar period containing `now` in the operator's zone: a day from midnight, a week from Monday's
 * midnight, a month from the 1st's midnight; each ends where the next begins (23 or 25 hours on a DST day).
 */
export function periodBounds(period: LimitPeriod, now: Date, timeZone: string): PeriodBounds {
  const today = wallClock(now.getTime(), timeZone);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day));
  let first: Date;
  let next: Date;
  if (period === 'day') {
    first = date;
    next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  } else if (period === 'week') {
    const sinceMonday = (date.getUTCDay() + 6) % 7;
    first = new Date(Date.UTC(today.year, today.month - 1, today.day - sinceMonday));
    next = new Date(Date.UTC(today.year, today.month - 1, today.day - sinceMonday + 7));
  } else {
    first = new Date(Date.UTC(today.year, today.month - 1, 1));
    next = new Date(Date.UTC(today.year, today.month, 1));
  }
  const at = (d: Date) => zonedMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone);
  return { start: at(first), end: at(next) };
}
