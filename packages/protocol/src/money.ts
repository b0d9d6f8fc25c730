import { z } from 'zod/mini';
import { documented } from './meta.ts';

/**
 * Amount action codes of SPEC §3. Every ledger movement carries one.
 * Promotions (discount, bonus, weekly bonus) are Reelcast additions 7–9.
 */
export const ActionCode = {
  Deposit: 1,
  Withdraw: 2,
  CashIn: 3,
  CashOut: 4,
  HandPay: 5,
  Jackpot: 6,
  Discount: 7,
  Bonus: 8,
  WeeklyBonus: 9,
} as const;
export type ActionCode = (typeof ActionCode)[keyof typeof ActionCode];

/**
 * Ledger movements between the house's own accounts (docs/jackpots.md): a machine's share of the bets
 * into a brand's jackpot meters, and the seed the house puts into a meter. They never touch a wallet,
 * so no player's history shows them, and they are not in `actionCodeNames` (the history's `action`
 * filter refuses them).
 */
export const InternalActionCode = {
  JackpotContribution: 10,
  JackpotSeed: 11,
} as const;
export type InternalActionCode = (typeof InternalActionCode)[keyof typeof InternalActionCode];
/** What a ledger movement may carry: a SPEC §3 action (or a promotion) or an internal one. */
export type LedgerAction = ActionCode | InternalActionCode;

export const actionCodeNames: Record<ActionCode, string> = {
  1: 'Deposit',
  2: 'Withdraw',
  3: 'Cash In',
  4: 'Cash Out',
  5: 'Hand Pay',
  6: 'JACKPOT',
  7: 'Discount',
  8: 'Bonus',
  9: 'Weekly Bonus',
};

/** Largest amount one movement may carry: 10,000,000.00 in minor units (well inside 2^53). */
export const MAX_AMOUNT_MINOR = 1_000_000_000;

/** An amount of money in minor units (kuruş): a positive safe integer. */
export const amountMinor = documented(z.int().check(z.positive(), z.maximum(MAX_AMOUNT_MINOR)), {
  description: 'Amount in minor units (kuruş), e.g. 100000 = 1,000.00 TRY',
});

/** Client-generated key that makes a money movement safe to retry. */
export const idempotencyKey = z
  .string()
  .check(z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'));

export const balanceAnswer = z.object({
  balance: documented(z.int(), { description: 'Wallet balance in minor units (cents)' }),
});
export type BalanceAnswer = z.infer<typeof balanceAnswer>;

export const transferAnswer = z.object({
  transferId: z.string(),
  idempotencyKey: z.string(),
  action: z.int(),
  amount: z.int(),
  balance: documented(z.int(), { description: 'Wallet balance after the movement, minor units' }),
  createdAt: z.string(),
});
export type TransferAnswer = z.infer<typeof transferAnswer>;
