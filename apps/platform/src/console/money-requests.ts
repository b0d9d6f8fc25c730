import { and, desc, eq } from 'drizzle-orm';
import {
  ActionCode,
  AuditType,
  ErrorCode,
  type AuditType as AuditTypeName,
  type MoneyRequest,
  type MoneyRequestItem,
  type MoneyRequestListQuery,
} from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import { isUniqueViolation, type Db } from '../db/index.ts';
import { moneyRequests } from '../db/schema.ts';
import type { PlayersService } from '../players/index.ts';
import { DomainError, notFound, type Clock } from '../shared/index.ts';
import { CASHIER_ACCOUNT, walletAccount, type Ledger, type TransferRequest } from '../wallet/index.ts';
import type { Actor } from './console-actions.ts';

type Row = typeof moneyRequests.$inferSelect;

/** An admin acting in the console: who (by id, so the four eyes are two accounts) and from where. */
export interface Admin {
  id: number;
  username: string;
  ip: string;
}

export interface MoneyRequestsDeps {
  db: Db;
  ledger: Pick<Ledger, 'transfer'>;
  players: Pick<PlayersService, 'byId' | 'byIds'>;
  audit: Pick<AuditLog, 'write'>;
  clock: Clock;
  /** Above this amount (minor units) a request waits for a second admin (CONSOLE_APPROVAL_ABOVE). */
  approvalAbove: number;
}

/**
 * The console's deposits and withdrawals (docs/console.md "Money"), admins only. Up to the configured
 * amount a request posts as it is made; above it, it waits for a second admin. Whatever path it takes,
 * its ledger transfer has the one key `console:money:{idempotencyKey}`, so it posts at most once however
 * many approvals race (the ledger answers the others from the first), and the request's row changes to
 * `posted` in the transfer's own transaction: both commit, or neither does.
 */
export class MoneyRequests {
  readonly #d: MoneyRequestsDeps;

  constructor(deps: MoneyRequestsDeps) {
    this.#d = deps;
  }

  get approvalAbove(): number {
    return this.#d.approvalAbove;
  }

  /** Asks for a deposit or withdrawal; the same key again answers the first request (40003 if it differs). */
  async request(admin: Admin, playerId: number, body: MoneyRequest): Promise<{ request: MoneyRequestItem; needsApproval: boolean }> {
    const needsApproval = body.amount > this.#d.approvalAbove;
    const earlier = await this.#byKey(body.idempotencyKey);
    if (earlier) return { request: await this.#item(sameRequest(earlier, playerId, body)), needsApproval };
    if (!(await this.#d.players.byId(playerId))) throw notFound('No such player.');

    const fields = {
      idempotencyKey: body.idempotencyKey,
      playerId,
      kind: body.kind,
      amount: body.amount,
      reason: body.reason,
      requestedById: admin.id,
      requestedBy: admin.username,
    };
    const now = this.#d.clock();
    if (needsApproval) {
      try {
        await this.#d.db.transaction(async (txAny) => {
          const tx = txAny as unknown as Db;
          await tx.insert(moneyRequests).values({ ...fields, status: 'pending', createdAt: now });
          await this.#audit(tx, AuditType.MoneyRequested, admin, { ...fields, needsApproval });
        });
      } catch (error) {
        // The same key, made meanwhile: answered as a repeat.
        if (!isUniqueViolation(error)) throw error;
      }
    } else {
      await this.#d.ledger.transfer(transferOf(fields), async (tx, result) => {
        await tx.insert(moneyRequests).values({
          ...fields,
          status: 'posted',
          createdAt: now,
          decidedById: admin.id,
          decidedBy: admin.username,
          decidedAt: now,
          transferId: result.transferId,
        });
        await this.#audit(tx, AuditType.MoneyPosted, admin, { ...fields, transferId: result.transferId, approvedBy: null });
      });
    }
    return { request: await this.#item(sameRequest((await this.#byKey(body.idempotencyKey))!, playerId, body)), needsApproval };
  }

  /**
   * A second admin posts a pending request. The requester may not (40320). An approved one answers as it
   * is (approving again changes nothing); a rejected one is 40950. A failed post (a withdrawal above the
   * wallet) leaves the request pending and the balances as they were.
   */
  async approve(admin: Admin, id: number): Promise<MoneyRequestItem> {
    const row = await this.#require(id);
    if (row.requestedById === admin.id)
      throw new DomainError(ErrorCode.OwnMoneyRequest, undefined, 'A second admin must approve this request: you made it.');
    if (row.status === 'rejected') throw decided();
    if (row.status === 'pending') {
      const now = this.#d.clock();
      await this.#d.ledger.transfer(transferOf(row), async (tx, result) => {
        const updated = await tx
          .update(moneyRequests)
          .set({ status: 'posted', transferId: result.transferId, decidedById: admin.id, decidedBy: admin.username, decidedAt: now })
          .where(and(eq(moneyRequests.id, id), eq(moneyRequests.status, 'pending')))
          .returning({ id: moneyRequests.id });
        // Rejected meanwhile: the transfer rolls back with this.
        if (!updated.length) throw decided();
        await this.#audit(tx, AuditType.MoneyPosted, admin, {
          requestId: id,
          playerId: row.playerId,
          kind: row.kind,
          amount: row.amount,
          transferId: result.transferId,
          requestedBy: row.requestedBy,
          approvedBy: admin.username,
          reason: row.reason,
        });
      });
    }
    return this.#item(await this.#require(id));
  }

  /** Rejects a pending request, with a reason; the requester may withdraw their own this way. A posted one is 40950. */
  async reject(actor: Actor & Admin, id: number): Promise<MoneyRequestItem> {
    const row = await this.#require(id);
    if (row.status === 'posted') throw decided();
    if (row.status === 'pending') {
      const now = this.#d.clock();
      await this.#d.db.transaction(async (txAny) => {
        const tx = txAny as unknown as Db;
        const updated = await tx
          .update(moneyRequests)
          .set({ status: 'rejected', decidedById: actor.id, decidedBy: actor.username, decidedAt: now, decisionReason: actor.reason })
          .where(and(eq(moneyRequests.id, id), eq(moneyRequests.status, 'pending')))
          .returning({ id: moneyRequests.id });
        if (!updated.length) throw decided();
        await this.#audit(tx, AuditType.MoneyRejected, actor, {
          requestId: id,
          playerId: row.playerId,
          kind: row.kind,
          amount: row.amount,
          requestedBy: row.requestedBy,
          reason: actor.reason,
        });
      });
    }
    return this.#item(await this.#require(id));
  }

  /** The requests of a status (or all), newest first, at most 200. */
  async list({ status }: MoneyRequestListQuery): Promise<MoneyRequestItem[]> {
    const rows = await this.#d.db
      .select()
      .from(moneyRequests)
      .where(status === 'all' ? undefined : eq(moneyRequests.status, status))
      .orderBy(desc(moneyRequests.id))
      .limit(200);
    return this.#items(rows);
  }

  async #byKey(key: string): Promise<Row | undefined> {
    const [row] = await this.#d.db.select().from(moneyRequests).where(eq(moneyRequests.idempotencyKey, key));
    return row;
  }

  async #require(id: number): Promise<Row> {
    const [row] = await this.#d.db.select().from(moneyRequests).where(eq(moneyRequests.id, id));
    if (!row) throw notFound('No such request.');
    return row;
  }

  async #item(row: Row): Promise<MoneyRequestItem> {
    const [item] = await this.#items([row]);
    return item!;
  }

  async #items(rows: Row[]): Promise<MoneyRequestItem[]> {
    const people = await this.#d.players.byIds([...new Set(rows.map((row) => row.playerId))]);
    const names = new Map(people.map((person) => [person.id, person.username]));
    return rows.map((row) => ({
      id: row.id,
      playerId: row.playerId,
      username: names.get(row.playerId) ?? '',
      kind: row.kind,
      amount: row.amount,
      reason: row.reason,
      status: row.status,
      requestedBy: row.requestedBy,
      requestedAt: row.createdAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
      transferId: row.transferId,
    }));
  }

  #audit(tx: Db, type: AuditTypeName, admin: Admin, detail: Record<string, unknown>): Promise<void> {
    const playerId = (detail.playerId as number | undefined) ?? null;
    return this.#d.audit.write({ type, username: admin.username, ip: admin.ip, playerId, detail }, this.#d.clock(), tx);
  }
}

/** The ledger transfer of a request: its key is the request's, so it posts once. */
function transferOf(row: Pick<Row, 'idempotencyKey' | 'playerId' | 'kind' | 'amount'>): TransferRequest {
  const wallet = walletAccount(row.playerId);
  const deposit = row.kind === 'deposit';
  return {
    idempotencyKey: `console:money:${row.idempotencyKey}`,
    action: deposit ? ActionCode.Deposit : ActionCode.Withdraw,
    from: deposit ? CASHIER_ACCOUNT : wallet,
    to: deposit ? wallet : CASHIER_ACCOUNT,
    amount: row.amount,
    memo: `console ${row.kind}`,
  };
}

/** A repeat of a request: the same player, kind and amount under its key, else 40003. */
function sameRequest(row: Row, playerId: number, body: MoneyRequest): Row {
  if (row.playerId !== playerId || row.kind !== body.kind || row.amount !== body.amount)
    throw new DomainError(ErrorCode.IdempotencyConflict);
  return row;
}

const decided = () => new DomainError(ErrorCode.MoneyRequestDecided, undefined, 'This request was already decided.');
