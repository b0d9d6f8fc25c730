import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, promotionAnswer } from '@reelcast/protocol';
import {
  decideBonus,
  decideDiscount,
  decideWeekly,
  dayStart,
  isoWeek,
  previousIsoWeek,
  splitCashOut,
  weeklyCap,
} from '../src/promotions/promotion-rules.ts';
import { defaultPromotionsConfig as config } from '../src/promotions/promotions-config.ts';
import { expectLedgerSound, startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { advance, claim, depositTo, newPlayer, play } from './promotions-helpers.ts';

const MAX_PAYOUT = 10_000_000; // 100,000.00 TL
const discountRules = {
  percent: config.discountPercent,
  cooldownSeconds: config.discountCooldownSeconds,
  minAmount: config.discountMinAmount,
  maxAmount: config.discountMaxAmount,
  minBalance: 10_000,
  balanceCheck: true,
};
const bonusRules = {
  percent: config.bonusPercent,
  cooldownSeconds: config.bonusCooldownSeconds,
  minAmount: config.bonusMinAmount,
  maxAmount: config.bonusMaxAmount,
};
const weeklyRules = { percent: config.weeklyPercent, minAmount: config.weeklyMinAmount, maxAmount: config.weeklyMaxAmount };

describe('weekly bonus payout cap (pure rules)', () => {
  it('the cap is min(10 × bonus, 100,000 TL)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (bonus) => {
        const cap = weeklyCap(bonus, config);
        expect(cap).toBe(Math.min(10 * bonus, MAX_PAYOUT));
        expect(cap).toBeLessThanOrEqual(MAX_PAYOUT);
      }),
    );
  });

  it('whatever the cash-ins and cash-outs, the payout never exceeds the cap beyond the own stake; nothing is lost', () => {
    const step = fc.record({ cashIn: fc.integer({ min: 0, max: 5_000_000 }), cashOut: fc.integer({ min: 0, max: 50_000_000 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.array(step, { maxLength: 30 }), (bonus, steps) => {
        const cap = weeklyCap(bonus, config);
        let cashIn = 0;
        let paidOut = 0;
        for (const s of steps) {
          cashIn += s.cashIn;
          const { toWallet, excess } = splitCashOut({ amount: s.cashOut, bonus, cap, cashIn, paidOut });
          expect(toWallet).toBeGreaterThanOrEqual(0);
          expect(excess).toBeGreaterThanOrEqual(0);
          expect(toWallet + excess).toBe(s.cashOut);
          paidOut += toWallet;
          const ownStake = Math.max(0, cashIn - bonus);
          expect(paidOut).toBeLessThanOrEqual(Math.min(10 * bonus, MAX_PAYOUT) + ownStake);
          if (ownStake === 0) expect(paidOut).toBeLessThanOrEqual(Math.min(10 * bonus, MAX_PAYOUT));
        }
      }),
    );
  });

  it('a cash-out within the room is paid in full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (bonus, amount) => {
        const cap = weeklyCap(bonus, config);
        fc.pre(amount <= cap);
        expect(splitCashOut({ amount, bonus, cap, cashIn: 0, paidOut: 0 })).toEqual({ toWallet: amount, excess: 0 });
      }),
    );
  });
});

describe('days and ISO weeks (Europe/Istanbul, UTC+3)', () => {
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((t) => new Date(t));
  it('a week starts on a Monday at local midnight, holds the instant and follows the previous week', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const week = isoWeek(now, 180);
        expect(week.start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(week.end.getTime()).toBeGreaterThan(now.getTime());
        const local = new Date(week.start.getTime() + 180 * 60_000);
        expect([local.getUTCDay(), local.getUTCHours(), local.getUTCMinutes()]).toEqual([1, 0, 0]);
        expect(previousIsoWeek(now, 180).end).toEqual(week.start);
        expect(isoWeek(new Date(week.end.getTime() - 1), 180).key).toBe(week.key);
        expect(previousIsoWeek(now, 180).key).not.toBe(week.key);
        expect(dayStart(now, 180).getTime()).toBeGreaterThanOrEqual(week.start.getTime());
      }),
    );
  });
});

type Command =
  | { type: 'advance'; minutes: number }
  | { type: 'lose'; amount: number }
  | { type: 'deposit'; amount: number }
  | { type: 'claim'; kind: 'discount' | 'bonus' | 'weekly' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    type: fc.constant('advance' as const),
    minutes: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 3 * 24 * 60 })),
  }),
  fc.record({ type: fc.constant('lose' as const), amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ type: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ type: fc.constantFrom('claim' as const), kind: fc.constantFrom('discount' as const, 'bonus' as const, 'weekly' as const) }),
);

interface Grant {
  kind: 'discount' | 'bonus' | 'weekly';
  at: number;
  balanceBefore: number;
  weekKey: string;
}

/** What every sequence of claims must respect, whoever runs it. */
function checkGrants(grants: Grant[]) {
  for (const kind of ['discount', 'bonus'] as const) {
    const times = grants.filter((g) => g.kind === kind).map((g) => g.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(300_000);
  }
  for (const g of grants.filter((g) => g.kind === 'discount')) expect(g.balanceBefore).toBeLessThan(10_000);
  const weeks = grants.filter((g) => g.kind === 'weekly').map((g) => g.weekKey);
  expect(new Set(weeks).size).toBe(weeks.length);
}

describe('any sequence of claims (pure rules, modelled)', () => {
  it('respects the cooldowns, the minimum balance and once per week', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        let now = Date.UTC(2025, 0, 6, 9);
        let balance = 0;
        const losses: { at: number; amount: number }[] = [];
        const last: Record<string, number | null> = { discount: null, bonus: null };
        const weeksClaimed = new Map<string, number>();
        const grants: Grant[] = [];
        const lossBetween = (after: number, until: number) =>
          losses.filter((l) => l.at > after && l.at <= until).reduce((a, l) => a + l.amount, 0);
        for (const c of commands) {
          if (c.type === 'advance') now += c.minutes * 60_000;
          else if (c.type === 'deposit') balance += c.amount;
          else if (c.type === 'lose') {
            const amount = Math.min(c.amount, balance);
            balance -= amount;
            if (amount) losses.push({ at: now, amount });
          } else {
            const at = new Date(now);
            const week = previousIsoWeek(at, 180);
            const decision =
              c.kind === 'discount'
                ? decideDiscount(
                    {
                      now: at,
                      enabled: true,
                      lastClaimAt: last.discount ? new Date(last.discount) : null,
                      balance,
                      playOpen: false,
                      netLoss: lossBetween(last.discount ?? -Infinity, now),
                    },
                    discountRules,
                  )
                : c.kind === 'bonus'
                  ? decideBonus(
                      {
                        now: at,
                        enabled: true,
                        lastClaimAt: last.bonus ? new Date(last.bonus) : null,
                        netLoss: lossBetween(Math.max(last.bonus ?? -Infinity, dayStart(at, 180).getTime() - 1), now),
                      },
                      bonusRules,
                    )
                  : decideWeekly(
                      {
                        now: at,
                        enabled: true,
                        playOpen: false,
                        claimedThisWeek: weeksClaimed.has(week.key) ? { amount: weeksClaimed.get(week.key)! } : null,
                        netLoss: lossBetween(week.start.getTime() - 1, week.end.getTime() - 1),
                      },
                      weeklyRules,
                    );
            if (decision.grant) {
              expect(decision.amount).toBeGreaterThan(0);
              grants.push({ kind: c.kind, at: now, balanceBefore: balance, weekKey: week.key });
              balance += decision.amount;
              if (c.kind === 'weekly') weeksClaimed.set(week.key, decision.amount);
              else last[c.kind] = now;
            } else if (c.kind === 'weekly' && weeksClaimed.has(week.key)) {
              expect(decision.code).toBe(ErrorCode.PromotionAlreadyClaimed);
            }
          }
        }
        checkGrants(grants);
      }),
      { numRuns: 300 },
    );
  });
});

describe('any sequence of claims (the real service, over HTTP)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform?.stop());

  it('respects the cooldowns, the minimum balance and once per week', { timeout: 120_000 }, async () => {
    let granted = 0;
    // Every run opens with a loss and a discount, so no run is vacuous.
    const opening: Command[] = [
      { type: 'deposit', amount: 5_000 },
      { type: 'lose', amount: 5_000 },
      { type: 'claim', kind: 'discount' },
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 14 }), async (commands) => {
        const player = await newPlayer(platform);
        const grants: Grant[] = [];
        for (const c of [...opening, ...commands]) {
          if (c.type === 'advance') await advance(platform, c.minutes, player);
          else if (c.type === 'deposit') await depositTo(platform, player.id, c.amount);
          else if (c.type === 'lose') {
            const amount = Math.min(c.amount, await platform.services.ledger.balance(player.id));
            if (amount) await play(platform, player, 1, { cashIn: amount, cashOut: Math.floor(amount / 3) || undefined });
          } else {
            const now = platform.clock.now();
            const balanceBefore = await platform.services.ledger.balance(player.id);
            const { body } = await claim(platform, player.token, c.kind);
            const answer = promotionAnswer.parse(body);
            if (answer.status) grants.push({ kind: c.kind, at: now.getTime(), balanceBefore, weekKey: previousIsoWeek(now, 180).key });
          }
        }
        checkGrants(grants);
        granted += grants.length;
        await expectLedgerSound(platform);
      }),
      { numRuns: 12 },
    );
    expect(granted).toBeGreaterThanOrEqual(12);
  });
});
