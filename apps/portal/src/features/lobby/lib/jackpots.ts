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

/**
 * SPEC §9 hot flag: a jackpot of at least `limit` (Settings.json `hotFlagLimit`, in the jackpot's own
 * display units: 20000 is 20,000.00) is hot. A limit of 0 or less flags none.
 */
export function isHotJackpot(value: string, limit: number): boolean {
  const amount = Number(value);
  return limit > 0 && Number.isFinite(amount) && amount >= limit;
}

export const machineImageFallback = (brand: string) => `/assets/machines/${brand.toLowerCase()}.png`;
