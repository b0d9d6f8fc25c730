import { sql, type SQL } from 'drizzle-orm';
import { machineStatuses, machineTransferStatuses, playerRoles, type PlayerRole } from '@reelcast/protocol';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A column holds one of a fixed list of values (a CHECK the database enforces, whatever code writes). */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    type: text('type').notNull().default('player'),
    /** SPEC §6: 'user' (a player), 'staff' or 'admin' (the operator's team). */
    role: text('role').$type<PlayerRole>().notNull().default('user'),
    groupId: integer('group_id').notNull().default(1),
    permissions: jsonb('permissions')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    photoUrl: text('photo_url').notNull().default(''),
    shortcuts: jsonb('shortcuts')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pinCode: text('pin_code'),
    /** When set, logins are only accepted from these IPs (SPEC §8 10703). */
    allowedIps: jsonb('allowed_ips').$type<string[] | null>(),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    lastLogonAt: timestamp('last_logon_at', { withTimezone: true }),
    lastLogonIp: text('last_logon_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('players_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('players_email_lower').on(sql`lower(${t.email})`),
    check('players_role', oneOf(t.role, [...playerRoles])),
  ],
);

/** One row per issued login; the token's jti. Logout revokes it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_player').on(t.playerId)],
);

/**
 * Things a person may get wrong only so often (docs/auth.md): `login:{playerId}` (wrong passwords at
 * sign-in) and `password:{playerId}` (wrong old passwords at a password change). An attempt is counted
 * before its password is checked, in one statement, so parallel attempts can never exceed the limit.
 */
export const attemptLimits = pgTable('attempt_limits', {
  key: text('key').primaryKey(),
  /** Attempts counted in the window: failed ones and ones still being checked (the gate: at most `max`). */
  attempts: integer('attempts').notNull(),
  /** Of those, the ones found wrong: only these start the block. */
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id'),
    username: text('username').notNull(),
    type: text('type').notNull(),
    ip: text('ip').notNull(),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_player').on(t.playerId, t.createdAt)],
);

/**
 * Ledger accounts. `code` names the account: `player:{id}:wallet`, `system:cashier` (money entering
 * and leaving the platform), `machine:{id}` (credit on a machine meter).
 * `balance` is a cache of the sum of the account's entries, written in the same transaction.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    playerId: integer('player_id').references(() => players.id),
    currency: text('currency').notNull().default('TRY'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_code').on(t.code),
    index('accounts_player').on(t.playerId),
    check('accounts_balance_allowed', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/**
 * One money movement between two accounts, posted when written (the two-phase money between a wallet
 * and a machine is in `machine_transfers`). Immutable, like its entries: the database refuses an
 * UPDATE, DELETE or TRUNCATE of either (migration 0005, docs/ledger.md).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    action: integer('action').notNull(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => accounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('posted'),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transfers_idempotency_key').on(t.idempotencyKey),
    index('transfers_from').on(t.fromAccountId, t.createdAt),
    index('transfers_to').on(t.toAccountId, t.createdAt),
    check('transfers_amount_positive', sql`${t.amount} > 0`),
    check('transfers_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    check('transfers_status', oneOf(t.status, ['posted'])),
  ],
);

/** Double entry: every posted transfer writes one negative and one positive entry summing to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account').on(t.accountId, t.id),
    index('ledger_entries_transfer').on(t.transferId),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    jackpot: text('jackpot').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('brands_name').on(t.name)],
);

export const machines = pgTable(
  'machines',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    status: text('status').notNull().default('idle'),
    reservationPlayerId: integer('reservation_player_id').references(() => players.id),
    reservationUntil: timestamp('reservation_until', { withTimezone: true }),
    address: text('address'),
    video: text('video'),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('machines_brand').on(t.brandId), check('machines_status', oneOf(t.status, machineStatuses))],
);

/**
 * Money between a wallet and a machine, two-phase like SAS AFT (docs/machine-protocol.md):
 * cash in: reserved (wallet → hold) → posted (hold → machine) | voided (hold → wallet);
 * cash out: posted at once (machine → wallet), the machine having taken the credit off its meter.
 */
export const machineTransfers = pgTable(
  'machine_transfers',
  {
    id: text('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    sessionId: uuid('session_id'),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('machine_transfers_open').on(t.status, t.deadline),
    index('machine_transfers_player').on(t.playerId, t.createdAt),
    check('machine_transfers_amount_positive', sql`${t.amount} > 0`),
    check('machine_transfers_direction', oneOf(t.direction, ['in', 'out'])),
    check('machine_transfers_status', oneOf(t.status, machineTransferStatuses)),
  ],
);

/** One seat of one player at one machine (the Slot Sessions page). */
export const slotSessions = pgTable(
  'slot_sessions',
  {
    id: uuid('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    cashIn: bigint('cash_in', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    cashOut: bigint('cash_out', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    spins: integer('spins').notNull().default(0),
    totalBet: bigint('total_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    totalWon: bigint('total_won', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    index('slot_sessions_player').on(t.playerId, t.startedAt),
    // At most one open seat per machine.
    uniqueIndex('slot_sessions_open_machine')
      .on(t.machineId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** A player's saved portal settings (POST /api/auth/user/update): theme, layout, direction. */
export const playerSettings = pgTable('player_settings', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id),
  settings: jsonb('settings')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Promotions (docs/business-rules.md): one row per granted discount, bonus or weekly bonus, written in
 * the same transaction as its ledger movement. `seq` numbers a player's claims of one kind (the
 * ledger key `promo:{kind}:{player}:{seq}` makes racing claims collapse into one); `periodKey` is the
 * ISO week a weekly bonus pays for (once per week).
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    seq: integer('seq').notNull(),
    periodKey: text('period_key'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    netLoss: bigint('net_loss', { mode: 'bigint' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_claims_seq').on(t.playerId, t.kind, t.seq),
    uniqueIndex('promotion_claims_period')
      .on(t.playerId, t.kind, t.periodKey)
      .where(sql`${t.periodKey} is not null`),
    check('promotion_claims_kind', oneOf(t.kind, ['discount', 'bonus', 'weekly'])),
    check('promotion_claims_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The payout cap of a weekly bonus: while open (until `expiresAt`), the player's machine cash-outs
 * beyond their own stake are capped at `cap` = min(10 × bonus, 100,000 TL). `paidOut` is what the
 * covered cash-outs paid into the wallet, `excess` what went to the promotions account instead.
 */
export const weeklyBonusWagers = pgTable(
  'weekly_bonus_wagers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => promotionClaims.id),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
    cap: bigint('cap', { mode: 'bigint' }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    paidOut: bigint('paid_out', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    excess: bigint('excess', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('weekly_bonus_wagers_player').on(t.playerId, t.status),
    check('weekly_bonus_wagers_status', oneOf(t.status, ['open', 'closed'])),
    check('weekly_bonus_wagers_amounts', sql`${t.bonus} > 0 and ${t.cap} >= 0 and ${t.paidOut} >= 0 and ${t.excess} >= 0`),
  ],
);

/** How one machine cash-out was split under an open weekly-bonus wager: wallet part and capped excess. */
export const weeklyBonusPayouts = pgTable(
  'weekly_bonus_payouts',
  {
    /** The machine transfer id of the cash-out. */
    transferId: text('transfer_id').primaryKey(),
    wagerId: bigint('wager_id', { mode: 'number' })
      .notNull()
      .references(() => weeklyBonusWagers.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    toWallet: bigint('to_wallet', { mode: 'bigint' }).notNull(),
    excess: bigint('excess', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('weekly_bonus_payouts_wager').on(t.wagerId),
    check('weekly_bonus_payouts_split', sql`${t.toWallet} >= 0 and ${t.excess} >= 0 and ${t.amount} = ${t.toWallet} + ${t.excess}`),
  ],
);
