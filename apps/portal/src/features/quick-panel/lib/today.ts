/**
 * SPEC §2 quick panel "Today (weekday, day, month)" in the player's language, each part as that
 * language writes it on its own (Arabic digits in Arabic; Turkish and Arabic month names).
 *
 * @example
 * todayParts(new Date('2026-11-24T12:00:00'), 'en') // { weekday: 'Tuesday', day: '24', month: 'November' }
 */
export function todayParts(date: Date, language: string): { weekday: string; day: string; month: string; full: string } {
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options).format(date);
  return {
    weekday: format({ weekday: 'long' }),
    day: format({ day: 'numeric' }),
    month: format({ month: 'long' }),
    full: format({ weekday: 'long', day: 'numeric', month: 'long' }),
  };
}

/** The local date as `<time dateTime>` wants it: 2026-11-24. */
export const localIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
