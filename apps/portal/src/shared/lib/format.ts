import { formatCount, formatMoney as formatMoneyIn } from '@reelcast/protocol';
import { isRtl } from '@/shared/i18n/languages';

const pad = (n: number) => String(n).padStart(2, '0');

/** SPEC §2: dates display as DD.MM.YYYY and HH:mm:ss (local time). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}

export function formatDate(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const numberLocales: Record<string, string> = { en: 'en-US', tr: 'tr-TR', ar: 'ar' };

/** The Intl locale of a portal language's numbers. */
export const numberLocale = (language: string): string => numberLocales[language] ?? language;

/**
 * In right-to-left text, an amount is one left-to-right block (left-to-right isolate … pop directional
 * isolate), its sign before the digits and its currency after them whatever stands around it. Without
 * the block, ICU's Arabic marks put the currency left of an unsigned amount ('TRY 52.60', an RLM first)
 * and right of a signed one ('+52.60 TRY', an LRM before the sign): two sides on one screen.
 */
const isolated = (text: string, language: string) => (isRtl(language) ? `\u2066${text.replace(/[\u200e\u200f\u061c]/g, '')}\u2069` : text);

/**
 * Every amount the portal shows (shell, lists, game panel, toasts): minor units (kuruş) in the
 * language's currency format, isolated in right-to-left text. `signed`: a gain carries its plus sign,
 * placed by the locale like the minus of a loss (docs/portal-shell.md "Amounts").
 */
export function formatMoney(minor: number, language: string, currency = 'TRY', options: { signed?: boolean } = {}): string {
  return isolated(formatMoneyIn(minor, numberLocale(language), currency, options), language);
}

/**
 * SPEC §9 hot coins in their display form: the whole number, its thousands grouped from five digits on
 * (500, 5000, 10.000, 50.000, 100.000 in Turkish; 10,000 in English).
 */
export function formatHotCoin(value: number, language: string): string {
  return isolated(formatCount(value, numberLocale(language)), language);
}
