import { formatMoney } from '@/shared/lib/format';

/** SPEC §3: jackpots come as one comma-separated string. */
export function parseJackpots(jackpot: string | null | undefined): string[] {
  if (!jackpot) return [];
  return jackpot
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** Jackpot values are display amounts ("1250.50"); shown as money when they are numbers. */
export function formatJackpot(value: string, language: string, currency: string): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return value;
  return formatMoney(Math.round(amount * 100), language, currency);
}

export const machineImageFallback = (brand: string) => `/assets/machines/${brand.toLowerCase()}.png`;
