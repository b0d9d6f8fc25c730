/**
 * Minor units as currency units with two decimals and comma thousands: the plain form of the CLI, the
 * cabinet's meters and the English error texts.
 *
 * @example
 * formatMinor(123456) // '1,234.56'
 * formatMinor(-2550) // '-25.50'
 */
export function formatMinor(minor: number): string {
  return `${minor < 0 ? '-' : ''}${unitDigits(Math.abs(Math.trunc(minor)), ',', '.')}`;
}

/** Whole minor units (not negative) as currency units: thousands grouped by `group`, two decimals after `decimal`. */
function unitDigits(minor: number, group: string, decimal: string): string {
  return `${grouped(String(Math.floor(minor / 100)), group)}${decimal}${String(minor % 100).padStart(2, '0')}`;
}

function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
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
  const written = writtenMoney(minor, locale, currency, signed);
  if (written !== undefined) return written;
  const format = currencyFormat(locale, currency, signed);
  return format ? format.format(minor / 100) : `${signed && minor > 0 ? '+' : ''}${formatMinor(minor)} ${currency}`;
}

/**
 * A whole number in a locale's digits, grouped only from five digits on (`useGrouping: 'min2'`: 5000,
 * 10,000), as `Intl.NumberFormat` writes it, without the runtime's locale data where the locale is written
 * out below.
 *
 * @example
 * formatCount(5000, 'tr-TR') // '5000'
 * formatCount(10000, 'tr-TR') // '10.000'
 */
export function formatCount(value: number, locale: string): string {
  const written = writtenLocale(locale);
  if (written === undefined || !Number.isSafeInteger(value)) {
    return new Intl.NumberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 0 }).format(value);
  }
  const abs = Math.abs(value);
  const digits = String(abs);
  const whole = abs >= 10_000 ? grouped(digits, written.group) : digits;
  return value < 0 || Object.is(value, -0) ? written.negative(whole) : whole;
}

/** How a locale writes numbers and amounts: its separators, its symbols and where a sign and a symbol go. */
interface WrittenLocale {
  group: string;
  decimal: string;
  symbols: Readonly<Record<string, string>>;
  /** An amount: its sign ('', '-' or '+'), its digits and the currency's symbol, placed. */
  money: (sign: string, digits: string, symbol: string) => string;
  /** A negative count's digits with their sign. */
  negative: (digits: string) => string;
}

/** The sign, then the symbol, then the digits: '-₺52,60', '+$52.60'. */
const symbolFirst: Pick<WrittenLocale, 'money' | 'negative'> = {
  money: (sign, digits, symbol) => `${sign}${symbol}${digits}`,
  negative: (digits) => `-${digits}`,
};

/**
 * The currency formats of the portal's locales (its numberLocale: en-US, tr-TR, ar) for the currencies of
 * two decimals an operator is likeliest to set, and their counts, written out as ICU 78 with CLDR 48 writes
 * them (Latin digits in Arabic too; Node 20.20 and Chromium 156 agree). money-format.test.ts compares every
 * one with this runtime's Intl, texts.e2e with Chromium's. Why not Intl: a page's first `Intl.NumberFormat`
 * loads the runtime's locale data, 110–250 ms on the main thread of a phone (Chromium at 4× CPU), and the
 * lobby's first amounts are formatted in the render that takes over its first view (docs/architecture.md
 * "the locale data"). Any other locale, currency or amount (not a safe integer of minor units) is Intl's.
 */
const writtenLocales: Readonly<Record<string, WrittenLocale>> = {
  'en-US': { group: ',', decimal: '.', symbols: { USD: '$', EUR: '€', GBP: '£', TRY: 'TRY\u00a0' }, ...symbolFirst },
  'tr-TR': { group: '.', decimal: ',', symbols: { TRY: '₺', USD: '$', EUR: '€', GBP: '£' }, ...symbolFirst },
  // Arabic as ICU writes it with Latin digits: a right-to-left mark first, a left-to-right mark before a
  // sign, the symbol after a no-break space.
  ar: {
    group: ',',
    decimal: '.',
    symbols: { TRY: 'TRY', USD: 'US$', EUR: '€', GBP: 'UK£' },
    money: (sign, digits, symbol) => `\u200f${sign && `\u200e${sign}`}${digits}\u00a0${symbol}`,
    negative: (digits) => `\u200e-${digits}`,
  },
};

/** A locale's written form, or undefined (an own key only: not a name such as 'constructor' from Object's prototype). */
const writtenLocale = (locale: string): WrittenLocale | undefined =>
  Object.hasOwn(writtenLocales, locale) ? writtenLocales[locale] : undefined;

function writtenMoney(minor: number, locale: string, currency: string, signed: boolean): string | undefined {
  const written = writtenLocale(locale);
  const symbol = written && Object.hasOwn(written.symbols, currency) ? written.symbols[currency] : undefined;
  if (written === undefined || symbol === undefined || !Number.isSafeInteger(minor)) return undefined;
  const digits = unitDigits(Math.abs(minor), written.group, written.decimal);
  // Intl's signs: -0 is negative unless a sign is asked for (`exceptZero`), a gain has one only then.
  const sign = minor < 0 || (!signed && Object.is(minor, -0)) ? '-' : signed && minor > 0 ? '+' : '';
  return written.money(sign, digits, symbol);
}

/**
 * One formatter per locale, currency and sign display, made on first use: making one costs some 30 times
 * what formatting with it does (Chromium at 4x CPU: 15 ms for 100 against 1.3 ms), and meters format on
 * every change. Null where the runtime has no data for the locale or currency (the plain form then).
 */
const currencyFormats = new Map<string, Intl.NumberFormat | null>();

function currencyFormat(locale: string, currency: string, signed: boolean): Intl.NumberFormat | null {
  const key = `${locale}\u0000${currency}\u0000${signed}`;
  let format = currencyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' });
    } catch {
      format = null;
    }
    currencyFormats.set(key, format);
  }
  return format;
}
