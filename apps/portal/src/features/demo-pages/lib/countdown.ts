/** The time left until a moment, in whole units (SPEC-free: the coming-soon page's countdown). */
export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number; past: boolean };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `target` and `now` in epoch milliseconds; at or after the moment everything is 0 and `past` is true. */
export function timeLeft(target: number, now: number): TimeLeft {
  const left = target - now;
  if (left <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, past: true };
  // Counted in whole seconds, rounded up: the last second shows 00:00:01, not 00:00:00 before the moment.
  const total = Math.ceil(left / SECOND) * SECOND;
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
    past: false,
  };
}

/** Settings.json `comingSoonDate` as epoch milliseconds; empty or unreadable: no date set (null). */
export function comingSoonTarget(value: string): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

const numberLocales: Record<string, string> = { en: 'en-US', tr: 'tr-TR', ar: 'ar' };

/**
 * The time left in whole minutes as words of `language` ('3 days, 4 hours, and 12 minutes'; plurals
 * and the list's "and" from the browser's Intl), zero units left out; `null` under a minute. What the
 * countdown's live region says: it changes at most once a minute, so a screen reader is not told every second.
 */
export function minutesInWords(left: TimeLeft, language: string): string | null {
  const locale = numberLocales[language] ?? language;
  const units = [
    ['day', left.days],
    ['hour', left.hours],
    ['minute', left.minutes],
  ] as const;
  const words = units
    .filter(([, value]) => value > 0)
    .map(([unit, value]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value));
  return words.length ? new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(words) : null;
}

/** A countdown number as two digits in the language's numerals. */
export function twoDigits(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocales[language] ?? language, { minimumIntegerDigits: 2, useGrouping: false }).format(value);
}
