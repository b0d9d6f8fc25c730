import type { DataTag } from '@tanstack/react-query';
import type { BalanceAnswer } from '@reelcast/protocol';

const balanceKey = ['player', 'balance'] as const;

/**
 * The player's balance query (GET /player/balance, features/wallet/api/get-balance.ts). Named here
 * because other features (promotions, game) and the notification socket read or refresh it, and
 * features do not import each other. Tagged with its answer, so the cache reads and writes are typed.
 */
export const balanceQueryKey = balanceKey as DataTag<typeof balanceKey, BalanceAnswer>;
