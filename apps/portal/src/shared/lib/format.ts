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

const locales: Record<string, string> = { en: 'en-US', tr: 'tr-TR', ar: 'ar' };

/** Amounts travel in minor units (cents) and are divided by 100 only for display. */
export function formatMoney(minor: number, language: string, currency = 'TRY'): string {
  return formatAmount(minor / 100, language, currency);
}

/** An amount already in currency units, in the language's number format. */
export function formatAmount(units: number, language: string, currency = 'TRY'): string {
  const locale = locales[language] ?? language;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(units);
  } catch {
    return `${units.toFixed(2)} ${currency}`;
  }
}
