/**
 * The key of the wallet's balance query (features/wallet/api/get-balance.ts). Features do not import
 * each other, so the key is named here; promotions.test.tsx renders the whole app to prove the two agree.
 */
export const balanceQueryKey = ['player', 'balance'] as const;

export type CachedBalance = { balance: number };
