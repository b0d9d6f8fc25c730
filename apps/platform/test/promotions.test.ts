import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { ErrorCode, promotionAnswer } from '@reelcast/protocol';
import { transfers, weeklyBonusPayouts, weeklyBonusWagers } from '../src/db/schema.ts';
import { PROMOTIONS_ACCOUNT } from '../src/promotions/promotions-service.ts';
import { expectLedgerSound, startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { advance, cashOut, claim, closeSession, depositTo, newPlayer, nextWeek, openSlotSession, play } from './promotions-helpers.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

const balance = (playerId: number) => platform.services.ledger.balance(playerId);

async function claimed(token: string, kind: 'discount' | 'bonus' | 'weekly') {
  const { status, body } = await claim(platform, token, kind);
  expect(status, JSON.stringify(body)).toBe(200);
  return promotionAnswer.parse(body);
}

describe('discount', () => {
  it('pays 10% of the net loss (cash-in − cash-out − hand pay − jackpot) when the balance is below 100 TL', async () => {
    const player = await newPlayer(platform, 10_000);
    await play(platform, player, 1, { cashIn: 10_000, cashOut: 2_000, handPay: 500, jackpot: 500 });
    expect(await balance(player.id)).toBe(3_000);

    const answer = await claimed(player.token, 'discount');
    expect(answer).toEqual({ status: true, code: ErrorCode.Success, Params: { amount: 700 }, ErrorMessage: '' });
    expect(await balance(player.id)).toBe(3_700);
    const [transfer] = await platform.services.database.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, `promo:discount:${player.id}:1`));
    expect(transfer).toMatchObject({ action: 7, amount: 700n });
    await expectLedgerSound(platform);
  });

  it('refuses within the 5-minute cooldown, then pays only on loss made after the last discount', async () => {
    const player = await newPlayer(platform, 5_000);
    await play(platform, player, 2, { cashIn: 5_000 });
    expect((await claimed(player.token, 'discount')).Params.amount).toBe(500);

    platform.clock.advanceMinutes(4);
    const early = await claimed(player.token, 'discount');
    expect(early).toMatchObject({ status: false, code: ErrorCode.PromotionCooldown, Params: { amount: 0, minutes: 5, seconds: 60 } });
    expect(early.ErrorMessage).toContain('once per 5 minutes');

    platform.clock.advanceMinutes(1);
    const nothing = await claimed(player.token, 'discount');
    expect(nothing).toMatchObject({ status: false, code: ErrorCode.PromotionNothingToGrant, Params: { amount: 100 } });

    await depositTo(platform, player.id, 3_000);
    await play(platform, player, 2, { cashIn: 3_000, cashOut: 1_000 });
    expect((await claimed(player.token, 'discount')).Params.amount).toBe(200);
    expect(await balance(player.id)).toBe(500 + 3_000 - 3_000 + 1_000 + 200);
  });

  it('refuses when the balance is at least the minimum (Params.amount = the minimum in minor units)', async () => {
    const player = await newPlayer(platform, 30_000);
    await play(platform, player, 3, { cashIn: 10_000 });
    const answer = await claimed(player.token, 'discount');
    expect(answer).toMatchObject({ status: false, code: ErrorCode.PromotionBalanceTooHigh, Params: { amount: 10_000 } });
    expect(answer.ErrorMessage).toBe('Your balance must be below 100.00');
    expect(await balance(player.id)).toBe(20_000);
  });

  it('refuses while the player has a session open on a machine', async () => {
    const player = await newPlayer(platform, 5_000);
    const sessionId = await openSlotSession(platform, player, 4, 5_000);
    expect(await claimed(player.token, 'discount')).toMatchObject({ status: false, code: ErrorCode.PromotionPlayOpen });
    await closeSession(platform, sessionId);
    expect(await claimed(player.token, 'discount')).toMatchObject({ status: true, Params: { amount: 500 } });
  });

  it('50 parallel claims give exactly one grant', async () => {
    const player = await newPlayer(platform, 8_000);
    await play(platform, player, 5, { cashIn: 8_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => claimed(player.token, 'discount')));
    const grants = answers.filter((a) => a.status);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.Params.amount).toBe(800);
    expect(answers.filter((a) => !a.status).every((a) => a.code === ErrorCode.PromotionCooldown)).toBe(true);
    expect(await balance(player.id)).toBe(800);
    const rows = await platform.services.database.db
      .select()
      .from(transfers)
      .where(like(transfers.idempotencyKey, `promo:discount:${player.id}:%`));
    expect(rows).toHaveLength(1);
    expect(await platform.services.promotions.claimsOf(player.id)).toHaveLength(1);
    await expectLedgerSound(platform);
  });
});

describe('bonus', () => {
  it("pays 5% of today's net loss since the last bonus, with its own cooldown", async () => {
    const player = await newPlayer(platform, 50_000);
    await play(platform, player, 6, { cashIn: 40_000, cashOut: 20_000 });
    expect(await claimed(player.token, 'bonus')).toEqual({ status: true, code: 20000, Params: { amount: 1_000 }, ErrorMessage: '' });
    expect(await claimed(player.token, 'bonus')).toMatchObject({ status: false, code: ErrorCode.PromotionCooldown });
    platform.clock.advanceMinutes(5);
    expect(await claimed(player.token, 'bonus')).toMatchObject({ status: false, code: ErrorCode.PromotionNothingToGrant });
    expect(await balance(player.id)).toBe(31_000);
  });

  it('needs no low balance and is independent of the discount', async () => {
    const player = await newPlayer(platform, 100_000);
    await play(platform, player, 6, { cashIn: 10_000 });
    expect(await claimed(player.token, 'discount')).toMatchObject({ status: false, code: ErrorCode.PromotionBalanceTooHigh });
    expect(await claimed(player.token, 'bonus')).toMatchObject({ status: true, Params: { amount: 500 } });
  });
});

describe('weekly bonus', () => {
  it("pays 15% of the previous ISO week's net loss, once per week", async () => {
    const player = await newPlayer(platform, 100_000);
    await play(platform, player, 7, { cashIn: 100_000, cashOut: 20_000 });
    expect(await claimed(player.token, 'weekly')).toMatchObject({
      status: false,
      code: ErrorCode.PromotionNothingToGrant,
      Params: { amount: 1_000 },
    });

    await nextWeek(platform, player);
    const answer = await claimed(player.token, 'weekly');
    expect(answer).toEqual({ status: true, code: 20000, Params: { amount: 12_000 }, ErrorMessage: '' });
    expect(await balance(player.id)).toBe(32_000);
    const again = await claimed(player.token, 'weekly');
    expect(again).toMatchObject({ status: false, code: ErrorCode.PromotionAlreadyClaimed, Params: { amount: 12_000 } });

    await nextWeek(platform, player);
    expect(await claimed(player.token, 'weekly')).toMatchObject({ status: false, code: ErrorCode.PromotionNothingToGrant });
    await expectLedgerSound(platform);
  });

  it('50 parallel claims give exactly one grant', async () => {
    const player = await newPlayer(platform, 20_000);
    await play(platform, player, 8, { cashIn: 20_000 });
    await nextWeek(platform, player);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claimed(player.token, 'weekly')));
    expect(answers.filter((a) => a.status)).toHaveLength(1);
    expect(answers.filter((a) => !a.status).every((a) => a.code === ErrorCode.PromotionAlreadyClaimed)).toBe(true);
    expect(await balance(player.id)).toBe(3_000);
  });
});

describe('weekly bonus payout cap', () => {
  async function bonusOf(amountLost: number, machineId: number) {
    const player = await newPlayer(platform, amountLost);
    await play(platform, player, machineId, { cashIn: amountLost });
    await nextWeek(platform, player);
    const answer = await claimed(player.token, 'weekly');
    expect(answer.status).toBe(true);
    return { player, bonus: answer.Params.amount };
  }

  it('a cash-out beyond 10 × the bonus goes to the promotions account, recorded, and the ledger reconciles', async () => {
    const { player, bonus } = await bonusOf(100_000, 9);
    expect(bonus).toBe(15_000);
    const promotionsBefore = await platform.services.ledger.accountBalance(PROMOTIONS_ACCOUNT);

    const sessionId = await openSlotSession(platform, player, 9, 15_000);
    const first = await cashOut(platform, sessionId, 100_000);
    expect(first.body.balance).toBe(100_000);
    const second = await cashOut(platform, sessionId, 300_000);
    expect(second.body.balance).toBe(150_000);
    expect(second.body).toMatchObject({ amount: 300_000, status: 'posted' });
    const replay = await cashOut(platform, sessionId, 300_000, second.transferId);
    expect(replay.body.balance).toBe(150_000);
    await closeSession(platform, sessionId);

    const db = platform.services.database.db;
    const [payout] = await db.select().from(weeklyBonusPayouts).where(eq(weeklyBonusPayouts.transferId, second.transferId));
    expect(payout).toMatchObject({ amount: 300_000n, toWallet: 50_000n, excess: 250_000n });
    const [wager] = await db.select().from(weeklyBonusWagers).where(eq(weeklyBonusWagers.playerId, player.id));
    expect(wager).toMatchObject({ bonus: 15_000n, cap: 150_000n, paidOut: 150_000n, excess: 250_000n, status: 'open' });
    const [excess] = await db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, `mt:${second.transferId}:out:excess`));
    expect(excess).toMatchObject({ action: 9, amount: 250_000n });
    expect(excess!.memo).toContain('weekly bonus payout cap');
    expect(await platform.services.ledger.accountBalance(PROMOTIONS_ACCOUNT)).toBe(promotionsBefore + 250_000);
    await expectLedgerSound(platform);
  });

  it('a capped cash-out commits its split, wallet part, excess part and record together, or none of them', async () => {
    const { player } = await bonusOf(100_000, 9);
    const db = platform.services.database.db;
    const sessionId = await openSlotSession(platform, player, 9, 15_000);
    const transferId = `out-atomic-${player.id}`;
    const balances = async () => ({
      wallet: await platform.services.ledger.balance(player.id),
      promotions: await platform.services.ledger.accountBalance(PROMOTIONS_ACCOUNT),
      wager: (await db.select().from(weeklyBonusWagers).where(eq(weeklyBonusWagers.playerId, player.id)))[0],
    });
    const before = await balances();

    // The record of the cash-out, the last write of the set, fails in the database.
    await db.execute(
      sql.raw(`create function test_refuse_record() returns trigger language plpgsql as $$ begin raise exception 'record refused'; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger test_refuse_record before insert on machine_transfers for each row when (new.id = '${transferId}') execute function test_refuse_record()`,
      ),
    );
    try {
      const failed = await platform.call('POST', '/machine-api/transfers/cash-out', {
        token: platform.services.machineApiToken,
        body: { transferId, sessionId, amount: 300_000 },
      });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger test_refuse_record on machine_transfers'));
      await db.execute(sql.raw('drop function test_refuse_record()'));
    }
    expect(await balances()).toEqual(before);
    expect(await db.select().from(weeklyBonusPayouts).where(eq(weeklyBonusPayouts.transferId, transferId))).toEqual([]);
    expect(
      await db
        .select()
        .from(transfers)
        .where(like(transfers.idempotencyKey, `mt:${transferId}:%`)),
    ).toEqual([]);

    // The agent's retry then pays it once, split as the cap says.
    const retried = await cashOut(platform, sessionId, 300_000, transferId);
    expect(retried.body).toMatchObject({ amount: 300_000, status: 'posted' });
    const [payout] = await db.select().from(weeklyBonusPayouts).where(eq(weeklyBonusPayouts.transferId, transferId));
    expect(Number(payout!.toWallet) + Number(payout!.excess)).toBe(300_000);
    expect(payout!.excess).toBeGreaterThan(0n);
    expect(await platform.services.ledger.balance(player.id)).toBe(before.wallet + Number(payout!.toWallet));
    await closeSession(platform, sessionId);
    await expectLedgerSound(platform);
  });

  it("the player's own stake beyond the bonus always comes back; the cap ends with the wager", async () => {
    const { player, bonus } = await bonusOf(10_000, 10);
    expect(bonus).toBe(1_500);
    await platform.services.ledger.transfer({
      idempotencyKey: `dep-own-${player.id}`,
      action: 1,
      from: 'system:cashier',
      to: `player:${player.id}:wallet`,
      amount: 50_000,
    });
    const sessionId = await openSlotSession(platform, player, 10, 51_500);
    const out = await cashOut(platform, sessionId, 100_000);
    // cap 15,000 + own stake 50,000
    expect(out.body.balance).toBe(65_000);
    await closeSession(platform, sessionId);

    await advance(platform, 25 * 60, player);
    const later = await openSlotSession(platform, player, 10, 10_000);
    expect((await cashOut(platform, later, 200_000)).body.balance).toBe(255_000);
    await closeSession(platform, later);
    const [wager] = await platform.services.database.db
      .select()
      .from(weeklyBonusWagers)
      .where(and(eq(weeklyBonusWagers.playerId, player.id)));
    expect(wager!.status).toBe('closed');
    await expectLedgerSound(platform);
  });

  it('does not touch the cash-outs of a player without a weekly bonus', async () => {
    const player = await newPlayer(platform, 1_000);
    const sessionId = await openSlotSession(platform, player, 11, 1_000);
    expect((await cashOut(platform, sessionId, 5_000_000)).body.balance).toBe(5_000_000);
    await closeSession(platform, sessionId);
  });
});

describe('answers', () => {
  it('needs a token (401, code 10)', async () => {
    for (const url of ['/player/discount', '/player/bonus', '/player/bonus/weekly']) {
      const { status, body } = await platform.call('GET', url);
      expect(status).toBe(401);
      expect(body.code).toBe(ErrorCode.SignatureNotVerified);
    }
  });

  it('answers 40310 when the operator switched a promotion off in Settings.json', async () => {
    const file = platform.services.settings.path;
    const before = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, JSON.stringify({ autoDiscount: false, autoBonus: false, weeklyBonus: false }));
      const player = await newPlayer(platform, 1_000);
      for (const kind of ['discount', 'bonus', 'weekly'] as const) {
        expect(await claimed(player.token, kind)).toMatchObject({
          status: false,
          code: ErrorCode.PromotionDisabled,
          Params: { amount: 0 },
        });
      }
    } finally {
      fs.writeFileSync(file, before);
    }
  });

  it('takes the minimum balance and the balance check from Settings.json', async () => {
    const file = platform.services.settings.path;
    const before = fs.readFileSync(file, 'utf8');
    try {
      const player = await newPlayer(platform, 30_000);
      await play(platform, player, 12, { cashIn: 10_000 });
      fs.writeFileSync(file, JSON.stringify({ discountMinBalance: 250 }));
      expect(await claimed(player.token, 'discount')).toMatchObject({ status: true, Params: { amount: 1_000 } });
      platform.clock.advanceMinutes(5);
      await play(platform, player, 12, { cashIn: 10_000 });
      fs.writeFileSync(file, JSON.stringify({ discountMinBalance: 50, discountBalanceCheck: false }));
      expect(await claimed(player.token, 'discount')).toMatchObject({ status: true, Params: { amount: 1_000 } });
    } finally {
      fs.writeFileSync(file, before);
    }
  });

  it('is described in the OpenAPI document under the promotions tag', async () => {
    const { body } = await platform.call('GET', '/docs/json');
    for (const url of ['/player/discount', '/player/bonus', '/player/bonus/weekly']) {
      expect(body.paths[url].get.tags).toEqual(['promotions']);
    }
  });
});
