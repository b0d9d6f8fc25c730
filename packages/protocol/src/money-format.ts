/**
 * Minor units as currency units with two decimals and comma thousands: the plain form of the CLI, the
 * cabinet's meters and the English error texts.
 *
 * @example
 * formatMinor(123456) // '1,234.56'
 * formatMinor(-2550) // '-25.50'
 */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Minor units in a locale's currency format, for a person in that language; the plain form with the
 * currency code where the runtime has no data for the locale or currency. `signed`: a plus sign on a
 * gain too (a minus on a loss is always there), where the locale puts signs.
 *
 * @example
 * formatMoney(123456, 'en-US', 'TRY') // 'TRY 1,234.56'
 * formatMoney(123456, 'tr-TR', 'TRY') // '₺1.234,56'
 * formatMoney(5260, 'en-US', 'TRY', { signed: true }) // '+TRY 52.60'
 */
export function formatMoney(minor: number, locale: string, currency = 'TRY', { signed = false }: { signed?: boolean } = {}): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' }).format(minor / 100);
  } catch {
    return `${signed && minor > 0 ? '+' : ''}${formatMinor(minor)} ${currency}`;
  }
}
