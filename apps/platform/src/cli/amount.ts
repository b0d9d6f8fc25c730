import { formatMinor, MAX_AMOUNT_MINOR } from '@reelcast/protocol';

/**
 * Parses an amount typed by an operator in currency units ("250", "99.5", "1000.00") into minor
 * units, exactly: no floating point, at most two decimals.
 */
export function parseAmount(text: string): number {
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not an amount: use a number with at most two decimals, e.g. 250 or 99.50`);
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor <= 0) throw new Error('The amount must be more than zero.');
  // The ledger's limit, said in the operator's units instead of the ledger's "minor units" refusal.
  if (minor > MAX_AMOUNT_MINOR) throw new Error(`The amount must be at most ${formatMinor(MAX_AMOUNT_MINOR)}.`);
  return minor;
}
