import { formatMoney as formatMoneyIn } from '@reelcast/protocol';

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

/** Amounts travel in minor units (kuruş); shown in the language's currency format (the protocol's formatter). */
export function formatMoney(minor: number, language: string, currency = 'TRY'): string {
  return formatMoneyIn(minor, locales[language] ?? language, currency);
}
