import type { LimitKey } from '@reelcast/protocol';

/** The money limits are typed in currency units and sent in minor units; the time limits are minutes. */
export const moneyKeys = new Set<LimitKey>(['cashInDay', 'cashInWeek', 'cashInMonth', 'lossDay', 'lossWeek', 'lossMonth']);

/**
 * A limit field's text as the API's value: empty is no limit (null); otherwise a positive whole number of
 * minor units (money: at most two decimals, either decimal mark) or minutes; undefined when not valid.
 */
export function limitValueOf(key: LimitKey, text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const pattern = moneyKeys.has(key) ? /^\d{1,8}(\.\d{1,2})?$/ : /^\d{1,5}$/;
  if (!pattern.test(trimmed)) return undefined;
  const value = moneyKeys.has(key) ? Math.round(Number(trimmed) * 100) : Number(trimmed);
  return value > 0 ? value : undefined;
}

/** The field's text for a value from the API. */
export function limitTextOf(key: LimitKey, value: number | null): string {
  if (value === null) return '';
  return moneyKeys.has(key) ? (value / 100).toFixed(2).replace(/\.00$/, '') : String(value);
}
