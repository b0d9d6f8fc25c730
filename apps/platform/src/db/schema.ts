import { sql, type SQL } from 'drizzle-orm';
import {
  chatStatuses,
  machineStatuses,
  machineTransferStatuses,
  moneyKinds,
  moneyRequestStatuses,
  playerRoles,
  type ChatStatus,
  type PlayerRole,
} from '@reelcast/protocol';
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
  primaryKey,
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
    /** The PIN sealed with the instance's key, so its player may see it again after giving the password (docs/pin-lock.md). */
    pinSealed: text('pin_sealed'),
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
    /** The operator keeps the machine out of play (docs/console.md); `status` stays what its agent reports. */
    maintenance: boolean('maintenance').notNull().default(false),
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

/**
 * A hand pay that waits for staff (docs/console.md "Hand pay"): a win of a machine set to hand pay, kept
 * here by its settlement id until a member confirms it in the console; only then is it paid into the
 * player's wallet (action 5, idempotency key `settle:{id}`). `confirmedAt` is set once: the confirm that
 * sets it pays, every other is refused.
 */
export const handPays = pgTable(
  'hand_pays',
  {
    id: text('id').primaryKey(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => slotSessions.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by'),
  },
  (t) => [
    index('hand_pays_waiting')
      .on(t.machineId)
      .where(sql`${t.confirmedAt} is null`),
    check('hand_pays_amount_positive', sql`${t.amount} > 0`),
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

/**
 * Team chat (docs/chat.md): one chat per pair of accounts, the smaller id first. Who may open a chat
 * with whom is the chat service's rule; the database only keeps each pair to one chat.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    lowPlayerId: integer('low_player_id')
      .notNull()
      .references(() => players.id),
    highPlayerId: integer('high_player_id')
      .notNull()
      .references(() => players.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_pair').on(t.lowPlayerId, t.highPlayerId),
    index('chats_high').on(t.highPlayerId),
    check('chats_pair_ordered', sql`${t.lowPlayerId} < ${t.highPlayerId}`),
  ],
);

/** A chat message, plain text. `clientMessageId` makes a retried send write nothing twice. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => players.id),
    body: text('body').notNull(),
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_chat').on(t.chatId, t.id),
    uniqueIndex('chat_messages_client_id')
      .on(t.senderId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
    check('chat_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** How far each person of a chat has read it: messages after `lastReadMessageId` from the other are unread. */
export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id),
    readerId: integer('reader_id')
      .notNull()
      .references(() => players.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.readerId] })],
);

/** Chat presence: each user's own choice (SPEC §3 statuses); whether they are connected is `presenceConnections`. */
export const chatPresence = pgTable(
  'chat_presence',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id),
    status: text('status').$type<ChatStatus>().notNull().default('online'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('chat_presence_status', oneOf(t.status, chatStatuses))],
);

/**
 * Live notification sockets per platform instance and user, so every instance knows who is connected:
 * an instance refreshes `seenAt` of its rows while it runs; rows of an instance that stopped refreshing
 * count for nothing after a grace period (docs/chat.md).
 */
export const presenceConnections = pgTable(
  'presence_connections',
  {
    instanceId: text('instance_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    sockets: integer('sockets').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.playerId] }), index('presence_connections_player').on(t.playerId, t.seenAt)],
);

/** Quick panel events: the operator's announcements (`reelcast event add`), shown while not expired. */
export const operatorEvents = pgTable(
  'operator_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('operator_events_published').on(t.publishedAt)],
);

/** Quick panel notes: each player's own. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_notes_player').on(t.playerId, t.id)],
);

/**
 * Linked brand jackpots (docs/jackpots.md). `value` is what the meter shows and would pay now; it
 * equals the balance of the ledger account `jackpot:{id}`. `carry` holds the fraction of a minor unit
 * the contributions left over (in 1/10,000 of a minor unit). `triggerAt`, drawn at each reset between
 * `seed` and `ceiling` and never shown, is where the meter hits ("must hit by").
 */
export const jackpotMeters = pgTable(
  'jackpot_meters',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** 0 is the largest; the order of the brand's jackpot string. */
    tier: integer('tier').notNull(),
    name: text('name').notNull(),
    seed: bigint('seed', { mode: 'bigint' }).notNull(),
    ceiling: bigint('ceiling', { mode: 'bigint' }).notNull(),
    /** Share of every bet, in basis points (1/100 of a percent). */
    contributionBasisPoints: integer('contribution_basis_points').notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    carry: integer('carry').notNull().default(0),
    triggerAt: bigint('trigger_at', { mode: 'bigint' }).notNull(),
    hits: integer('hits').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jackpot_meters_brand_tier').on(t.brandId, t.tier),
    check('jackpot_meters_bounds', sql`${t.seed} > 0 and ${t.seed} <= ${t.triggerAt} and ${t.triggerAt} <= ${t.ceiling}`),
    check('jackpot_meters_value', sql`${t.value} >= ${t.seed}`),
    check('jackpot_meters_carry', sql`${t.carry} >= 0 and ${t.carry} < 10000`),
    check('jackpot_meters_contribution', sql`${t.contributionBasisPoints} >= 0 and ${t.contributionBasisPoints} <= 10000`),
  ],
);

/** The play counters each machine last reported (cumulative): a report contributes only what is new. */
export const machinePlayCounters = pgTable('machine_play_counters', {
  machineId: integer('machine_id')
    .primaryKey()
    .references(() => machines.id),
  spins: integer('spins').notNull(),
  totalBet: bigint('total_bet', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One jackpot win, written in the same transaction as its payment (`transferId`) and the meter's reset. */
export const jackpotHits = pgTable(
  'jackpot_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => jackpotMeters.id),
    /** The meter's hit number (1, 2, …): one win per reset, whatever retries happen. */
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    sessionId: uuid('session_id'),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jackpot_hits_seq').on(t.meterId, t.seq),
    index('jackpot_hits_player').on(t.playerId, t.createdAt),
    check('jackpot_hits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** What a mailed link lets its holder do (docs/self-service.md). */
export const mailTokenKinds = ['register', 'reset'] as const;
export type MailTokenKind = (typeof mailTokenKinds)[number];

/** A registration waiting for its mail to be confirmed: the account it makes, the password already hashed. */
export interface PendingRegistration {
  username: string;
  name: string;
  lastname: string;
  passwordHash: string;
  language: string;
  /** The limits the form gave (docs/player-protection.md), set when the account opens. */
  limits?: Partial<Record<'cashInDay' | 'cashInWeek' | 'cashInMonth' | 'lossDay' | 'lossWeek' | 'lossMonth', number | null>>;
}

/**
 * The links of the self-service mails: a registration's confirmation (`register`) and a password reset
 * (`reset`). Only the SHA-256 of the link's token is kept. A link works once, before `expires_at`: using it
 * sets `used_at` in the same statement that checks it, and a newer reset link of the player sets it on the
 * older ones, so at most one reset link per player works (the partial unique index holds that under races).
 */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<MailTokenKind>().notNull(),
    /** SHA-256 (hex) of the token the link carries. */
    tokenHash: text('token_hash').notNull(),
    /** reset: whose password it sets. */
    playerId: integer('player_id').references(() => players.id),
    /** The address the link was mailed to. */
    email: text('email').notNull(),
    /** register: the account to open. */
    registration: jsonb('registration').$type<PendingRegistration>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link stopped working before its time: used, or replaced by a newer one. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_tokens_hash').on(t.tokenHash),
    uniqueIndex('mail_tokens_one_live_reset')
      .on(t.playerId)
      .where(sql`${t.kind} = 'reset' and ${t.usedAt} is null`),
    index('mail_tokens_email').on(sql`lower(${t.email})`),
    index('mail_tokens_expires').on(t.expiresAt),
    check('mail_tokens_kind', oneOf(t.kind, mailTokenKinds)),
    check(
      'mail_tokens_kind_fields',
      sql`(${t.kind} = 'reset' and ${t.playerId} is not null) or (${t.kind} = 'register' and ${t.registration} is not null)`,
    ),
  ],
);

/**
 * The limits a player set on themselves (docs/player-protection.md): one row per limit key, minor units
 * or minutes; `value` null is no limit. A looser change waits in `pending_*` until the cooling-off has
 * passed and the player confirms it; a stricter one replaces `value` at once and drops what was pending.
 * The reality check's interval is the key `realityCheckMinutes`.
 */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }),
    /** Whether a looser value waits (its value may be null: the limit removed). */
    hasPending: boolean('has_pending').notNull().default(false),
    pendingValue: bigint('pending_value', { mode: 'number' }),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.key] }),
    check(
      'protection_limits_positive',
      sql`(${t.value} is null or ${t.value} > 0) and (${t.pendingValue} is null or ${t.pendingValue} > 0)`,
    ),
    check('protection_limits_pending', sql`${t.hasPending} = (${t.pendingSince} is not null)`),
  ],
);

export const exclusionKinds = ['time-out', 'self-exclusion'] as const;

/**
 * Time-outs and self-exclusions: while `now` is in [starts_at, ends_at) the player cannot sign in. Rows
 * are never shortened or removed (a trigger refuses it, migration 0010): staff can only list them.
 */
export const protectionExclusions = pgTable(
  'protection_exclusions',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('protection_exclusions_player').on(t.playerId, t.endsAt),
    check('protection_exclusions_kind', oneOf(t.kind, exclusionKinds)),
    check('protection_exclusions_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The console's deposits and withdrawals (docs/console.md "Money"): one row a request, by its client
 * idempotency key. Up to the configured amount it is posted as it is made (`posted` at once); above it,
 * it waits (`pending`) for a second admin, who posts or rejects it. The ledger transfer's key is
 * `console:money:{idempotency_key}`, so it posts once however often it is approved.
 */
export const moneyRequests = pgTable(
  'money_requests',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').$type<(typeof moneyKinds)[number]>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<(typeof moneyRequestStatuses)[number]>().notNull(),
    requestedById: integer('requested_by_id')
      .notNull()
      .references(() => players.id),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
    decidedById: integer('decided_by_id').references(() => players.id),
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transferId: uuid('transfer_id'),
  },
  (t) => [
    uniqueIndex('money_requests_key').on(t.idempotencyKey),
    index('money_requests_status').on(t.status, t.createdAt),
    check('money_requests_kind', oneOf(t.kind, moneyKinds)),
    check('money_requests_status_value', oneOf(t.status, moneyRequestStatuses)),
    check('money_requests_amount', sql`${t.amount} > 0`),
    check('money_requests_posted', sql`(${t.status} = 'posted') = (${t.transferId} is not null)`),
  ],
);
