import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { ActionCode } from '@reelcast/protocol';
import { accounts, ledgerEntries, machines, machineTransfers, players, transfers } from '../src/db/schema.ts';
import { CASHIER_ACCOUNT, walletAccount } from '../src/wallet/accounts.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

// The database itself refuses what the money rules forbid (migration 0005, docs/ledger.md), whatever
// code writes: these statements go straight to it, past the services. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set. The platform's stop() then reconciles the ledger: nothing that
// was refused left a trace.

let platform: TestPlatform;
let playerId: number;
let depositKey: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  const player = await platform.services.players.create({
    username: `dbrules-${Date.now()}`,
    email: `dbrules-${Date.now()}@x.test`,
    password: 'secret',
  });
  playerId = player.id;
  depositKey = `dbrules-deposit-${playerId}`;
  await platform.services.ledger.transfer({
    idempotencyKey: depositKey,
    action: ActionCode.Deposit,
    from: CASHIER_ACCOUNT,
    to: walletAccount(playerId),
    amount: 5000,
  });
});
afterAll(() => platform?.stop());

const db = () => platform.services.database.db;

/** The database's refusal of a statement, as text: the driver's error and the database's own message. */
async function refusal(statement: SQL): Promise<string> {
  const error = await db()
    .execute(statement)
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error, 'the database accepted the statement').toBeInstanceOf(Error);
  const { message, cause } = error as Error & { cause?: { message?: string; constraint?: string } };
  return [message, cause?.message, cause?.constraint].filter(Boolean).join(' | ');
}

async function accountOf(code: string) {
  const [row] = await db().select().from(accounts).where(eq(accounts.code, code));
  return row!;
}

async function depositRows() {
  const [transfer] = await db().select().from(transfers).where(eq(transfers.idempotencyKey, depositKey));
  const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transfer!.id));
  return { transfer: transfer!, entries };
}

describe('the database refuses what the money rules forbid', () => {
  it('keeps ledger transfers and entries as they were written: no UPDATE, DELETE or TRUNCATE', async () => {
    const before = await depositRows();
    const [entry] = before.entries;
    expect(await refusal(sql`update ledger_entries set amount = amount + 1 where id = ${entry!.id}`)).toContain(
      'ledger rows are immutable',
    );
    expect(await refusal(sql`delete from ledger_entries where id = ${entry!.id}`)).toContain('ledger rows are immutable');
    expect(await refusal(sql`update transfers set amount = 1 where id = ${before.transfer.id}`)).toContain('ledger rows are immutable');
    expect(await refusal(sql`delete from transfers where id = ${before.transfer.id}`)).toContain('ledger rows are immutable');
    expect(await refusal(sql`truncate ledger_entries`)).toContain('ledger rows are immutable');
    expect(await refusal(sql`truncate transfers cascade`)).toContain('ledger rows are immutable');
    expect(await depositRows()).toEqual(before);
  });

  it('refuses a transfer of nothing, of a negative amount, to the same account, or in an unknown status', async () => {
    const wallet = await accountOf(walletAccount(playerId));
    const cashier = await accountOf(CASHIER_ACCOUNT);
    const insert = (amount: number, from: number, to: number, status = 'posted') =>
      sql`insert into transfers (id, idempotency_key, request_hash, action, from_account_id, to_account_id, amount, status)
          values (gen_random_uuid(), ${`dbrules-${Math.random()}`}, 'x', 1, ${from}, ${to}, ${amount}, ${status})`;
    expect(await refusal(insert(0, cashier.id, wallet.id))).toContain('transfers_amount_positive');
    expect(await refusal(insert(-5, cashier.id, wallet.id))).toContain('transfers_amount_positive');
    expect(await refusal(insert(5, wallet.id, wallet.id))).toContain('transfers_two_accounts');
    expect(await refusal(insert(5, cashier.id, wallet.id, 'pending'))).toContain('transfers_status');
    expect(
      await refusal(
        sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after) select id, ${wallet.id}, 0, 0 from transfers where idempotency_key = ${depositKey}`,
      ),
    ).toContain('ledger_entries_amount_nonzero');
  });

  it('refuses a balance below zero on an account that does not allow it, and any change to an account but its balance', async () => {
    const wallet = await accountOf(walletAccount(playerId));
    expect(await refusal(sql`update accounts set balance = -1 where id = ${wallet.id}`)).toContain('accounts_balance_allowed');
    expect(await refusal(sql`update accounts set allow_negative = true where id = ${wallet.id}`)).toContain('only the balance may change');
    expect(await refusal(sql`update accounts set code = 'system:cashier2' where id = ${wallet.id}`)).toContain(
      'only the balance may change',
    );
    expect(await refusal(sql`delete from accounts where id = ${wallet.id}`)).toContain('accounts are never removed');
    expect(await refusal(sql`insert into accounts (code, balance) values (${`dbrules:${playerId}`}, -1)`)).toContain(
      'accounts_balance_allowed',
    );
    expect(await accountOf(walletAccount(playerId))).toEqual(wallet);
  });

  it('resolves a machine transfer once, never changes its terms, and knows only its own directions and statuses', async () => {
    const [machine] = await db().select({ id: machines.id }).from(machines).limit(1);
    const id = `dbrules-mt-${playerId}`;
    const insert = (rowId: string, direction: string, status: string, amount = 100) =>
      sql`insert into machine_transfers (id, player_id, machine_id, direction, amount, status, deadline)
          values (${rowId}, ${playerId}, ${machine!.id}, ${direction}, ${amount}, ${status}, now() + interval '1 hour')`;
    expect(await refusal(insert(`${id}-a`, 'sideways', 'reserved'))).toContain('machine_transfers_direction');
    expect(await refusal(insert(`${id}-b`, 'in', 'lost'))).toContain('machine_transfers_status');
    expect(await refusal(insert(`${id}-c`, 'in', 'reserved', 0))).toContain('machine_transfers_amount_positive');

    await db().execute(insert(id, 'in', 'reserved'));
    expect(await refusal(sql`update machine_transfers set amount = 1 where id = ${id}`)).toContain('its terms are immutable');
    await db().execute(sql`update machine_transfers set status = 'posted', resolved_at = now() where id = ${id}`);
    expect(await refusal(sql`update machine_transfers set status = 'voided' where id = ${id}`)).toContain('posted is final');
    expect(await refusal(sql`update machine_transfers set status = 'reserved' where id = ${id}`)).toContain('posted is final');
    expect(await refusal(sql`delete from machine_transfers where id = ${id}`)).toContain('never removed');
    const [row] = await db().select().from(machineTransfers).where(eq(machineTransfers.id, id));
    expect({ status: row!.status, amount: row!.amount }).toEqual({ status: 'posted', amount: 100n });
  });

  it('knows only the machine statuses of the protocol', async () => {
    const [machine] = await db().select({ id: machines.id, status: machines.status }).from(machines).limit(1);
    expect(await refusal(sql`update machines set status = 'broken' where id = ${machine!.id}`)).toContain('machines_status');
  });

  it('knows only the roles of SPEC §6 (migration 0006)', async () => {
    expect(await refusal(sql`update players set role = 'root' where id = ${playerId}`)).toContain('players_role');
    const [row] = await db().select({ role: players.role }).from(players).where(eq(players.id, playerId));
    expect(row!.role).toBe('user');
  });
});
