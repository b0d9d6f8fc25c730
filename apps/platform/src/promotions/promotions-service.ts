import { and, desc, eq } from 'drizzle-orm';
import { ActionCode, ErrorCode, errorText, memoText, type PromotionAnswer, type PromotionKind } from '@reelcast/protocol';
import { type Clock, DomainError } from '../shared/index.ts';
import { isUniqueViolation, type Db } from '../db/index.ts';
import { promotionClaims, weeklyBonusWagers } from '../db/schema.ts';
import type { SettingsFile } from '../settings/index.ts';
import { PROMOTIONS_ACCOUNT, walletAccount, type Ledger, type TransferResult } from '../wallet/index.ts';
import { netLoss } from '../machines/index.ts';
import {
  cooldownLeft,
  dayStart,
  decideBonus,
  decideDiscount,
  decideWeekly,
  previousIsoWeek,
  wagerExpiry,
  weeklyCap,
  type Decision,
  type Refusal,
} from './promotion-rules.ts';
import type { PromotionsConfig } from './promotions-config.ts';

export { PROMOTIONS_ACCOUNT };

const actionOf: Record<PromotionKind, ActionCode> = {
  discount: ActionCode.Discount,
  bonus: ActionCode.Bonus,
  weekly: ActionCode.WeeklyBonus,
};

type ClaimRow = typeof promotionClaims.$inferSelect;

/** Where a claim learns whether the player is seated at a machine (MachinePlay). */
export interface OpenSessions {
  openSlotSessionsOf(playerId: number): Promise<readonly unknown[]>;
}

/**
 * Discount, bonus and weekly bonus claims (docs/business-rules.md). The rules are the pure functions
 * of promotion-rules.ts; this reads the facts they need and pays a grant through the ledger.
 *
 * Racing claims of one player collapse into one grant through the ledger's idempotency key:
 * `promo:{kind}:{player}:{seq}` (seq = the player's next claim number of that kind) for discount and
 * bonus, `promo:weekly:{player}:{ISO week}` for the weekly bonus. Every racer computes the same key;
 * one posts, the others see the key taken and answer the refusal that now applies.
 */
export class PromotionsService {
  readonly #db: Db;
  readonly #ledger: Ledger;
  readonly #settings: SettingsFile;
  readonly #play: OpenSessions;
  readonly #now: Clock;
  readonly config: PromotionsConfig;

  constructor(deps: { db: Db; ledger: Ledger; settings: SettingsFile; play: OpenSessions; clock: Clock; config: PromotionsConfig }) {
    this.#db = deps.db;
    this.#ledger = deps.ledger;
    this.#settings = deps.settings;
    this.#play = deps.play;
    this.#now = deps.clock;
    this.config = deps.config;
  }

  async claim(kind: PromotionKind, playerId: number): Promise<PromotionAnswer> {
    if (kind === 'weekly') return this.#claimWeekly(playerId);
    return this.#claimRebate(kind, playerId);
  }

  /** The player's grants, newest first (for tests and support). */
  async claimsOf(playerId: number): Promise<ClaimRow[]> {
    return this.#db.select().from(promotionClaims).where(eq(promotionClaims.playerId, playerId)).orderBy(desc(promotionClaims.id));
  }

  async #claimRebate(kind: 'discount' | 'bonus', playerId: number, attempt = 0): Promise<PromotionAnswer> {
    const settings = await this.#settings.read();
    const now = this.#now();
    const last = await this.#lastClaim(playerId, kind);
    const c = this.config;
    let decision: Decision;
    if (kind === 'discount') {
      const [balance, playOpen, loss] = await Promise.all([
        this.#ledger.balance(playerId),
        this.#playOpen(playerId),
        netLoss(this.#db, playerId, last?.claimedAt ?? null, now),
      ]);
      decision = decideDiscount(
        { now, enabled: settings.autoDiscount, lastClaimAt: last?.claimedAt ?? null, balance, playOpen, netLoss: loss },
        {
          percent: c.discountPercent,
          cooldownSeconds: c.discountCooldownSeconds,
          minAmount: c.discountMinAmount,
          maxAmount: c.discountMaxAmount,
          minBalance: Math.round(settings.discountMinBalance * 100),
          balanceCheck: settings.discountBalanceCheck,
        },
      );
    } else {
      const today = dayStart(now, c.timezoneOffsetMinutes);
      const since = last && last.claimedAt > today ? last.claimedAt : new Date(today.getTime() - 1);
      decision = decideBonus(
        { now, enabled: settings.autoBonus, lastClaimAt: last?.claimedAt ?? null, netLoss: await netLoss(this.#db, playerId, since, now) },
        { percent: c.bonusPercent, cooldownSeconds: c.bonusCooldownSeconds, minAmount: c.bonusMinAmount, maxAmount: c.bonusMaxAmount },
      );
    }
    if (!decision.grant) return refusal(decision);

    const seq = (last?.seq ?? 0) + 1;
    const paid = await this.#pay(
      {
        kind,
        playerId,
        key: `promo:${kind}:${playerId}:${seq}`,
        amount: decision.amount,
        memo: memoText({
          kind: 'rebate',
          promotion: kind,
          percent: kind === 'discount' ? c.discountPercent : c.bonusPercent,
          netLoss: decision.netLoss,
        }),
      },
      async (tx, result) => {
        await tx.insert(promotionClaims).values({
          playerId,
          kind,
          seq,
          amount: BigInt(decision.amount),
          netLoss: BigInt(decision.netLoss),
          claimedAt: now,
          transferId: result.transferId,
        });
      },
    );
    // Another request of this player won the race for this claim number: what applies now is its cooldown.
    if (!paid) return attempt < 2 ? this.#claimRebate(kind, playerId, attempt + 1) : this.#cooldownAnswer(kind, playerId);
    return granted(decision.amount);
  }

  async #claimWeekly(playerId: number, attempt = 0): Promise<PromotionAnswer> {
    const settings = await this.#settings.read();
    const now = this.#now();
    const c = this.config;
    const week = previousIsoWeek(now, c.timezoneOffsetMinutes);
    const [earlier] = await this.#db
      .select()
      .from(promotionClaims)
      .where(and(eq(promotionClaims.playerId, playerId), eq(promotionClaims.kind, 'weekly'), eq(promotionClaims.periodKey, week.key)));
    const decision = decideWeekly(
      {
        now,
        enabled: settings.weeklyBonus,
        claimedThisWeek: earlier ? { amount: Number(earlier.amount) } : null,
        playOpen: await this.#playOpen(playerId),
        netLoss: await netLoss(this.#db, playerId, new Date(week.start.getTime() - 1), new Date(week.end.getTime() - 1)),
      },
      { percent: c.weeklyPercent, minAmount: c.weeklyMinAmount, maxAmount: c.weeklyMaxAmount },
    );
    if (!decision.grant) return refusal(decision);

    const last = await this.#lastClaim(playerId, 'weekly');
    const seq = (last?.seq ?? 0) + 1;
    const cap = weeklyCap(decision.amount, c);
    const paid = await this.#pay(
      {
        kind: 'weekly',
        playerId,
        key: `promo:weekly:${playerId}:${week.key}`,
        amount: decision.amount,
        memo: memoText({ kind: 'weekly', week: week.key, percent: c.weeklyPercent, netLoss: decision.netLoss, cap }),
      },
      async (tx, result) => {
        const [claim] = await tx
          .insert(promotionClaims)
          .values({
            playerId,
            kind: 'weekly',
            seq,
            periodKey: week.key,
            amount: BigInt(decision.amount),
            netLoss: BigInt(decision.netLoss),
            claimedAt: now,
            transferId: result.transferId,
          })
          .returning({ id: promotionClaims.id });
        await tx
          .update(weeklyBonusWagers)
          .set({ status: 'closed', closedAt: now })
          .where(and(eq(weeklyBonusWagers.playerId, playerId), eq(weeklyBonusWagers.status, 'open')));
        await tx.insert(weeklyBonusWagers).values({
          playerId,
          claimId: claim!.id,
          bonus: BigInt(decision.amount),
          cap: BigInt(cap),
          grantedAt: now,
          expiresAt: wagerExpiry(now, c.weeklyWagerHours),
        });
      },
    );
    if (!paid)
      return attempt < 2
        ? this.#claimWeekly(playerId, attempt + 1)
        : refusal({ grant: false, code: ErrorCode.PromotionAlreadyClaimed, params: { amount: decision.amount } });
    return granted(decision.amount);
  }

  /** Pays a grant; false when another request already used the key (a racing claim won). */
  async #pay(
    grant: { kind: PromotionKind; playerId: number; key: string; amount: number; memo: string },
    alongside: (tx: Db, result: TransferResult) => Promise<void>,
  ): Promise<boolean> {
    try {
      const result = await this.#ledger.transfer(
        {
          idempotencyKey: grant.key,
          action: actionOf[grant.kind],
          from: PROMOTIONS_ACCOUNT,
          to: walletAccount(grant.playerId),
          amount: grant.amount,
          memo: grant.memo,
        },
        alongside,
      );
      return !result.replayed;
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.IdempotencyConflict) return false;
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async #cooldownAnswer(kind: 'discount' | 'bonus', playerId: number): Promise<PromotionAnswer> {
    const last = await this.#lastClaim(playerId, kind);
    const cooldown = kind === 'discount' ? this.config.discountCooldownSeconds : this.config.bonusCooldownSeconds;
    const seconds = cooldownLeft(this.#now(), last?.claimedAt ?? null, cooldown);
    return refusal({ grant: false, code: ErrorCode.PromotionCooldown, params: { amount: 0, seconds, minutes: Math.ceil(cooldown / 60) } });
  }

  async #lastClaim(playerId: number, kind: PromotionKind): Promise<ClaimRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(promotionClaims)
      .where(and(eq(promotionClaims.playerId, playerId), eq(promotionClaims.kind, kind)))
      .orderBy(desc(promotionClaims.seq))
      .limit(1);
    return row;
  }

  async #playOpen(playerId: number): Promise<boolean> {
    return (await this.#play.openSlotSessionsOf(playerId)).length > 0;
  }
}

export function granted(amount: number): PromotionAnswer {
  return { status: true, code: ErrorCode.Success, Params: { amount }, ErrorMessage: '' };
}

export function refusal(decision: Refusal): PromotionAnswer {
  return { status: false, code: decision.code, Params: decision.params, ErrorMessage: errorText(decision.code, decision.params) };
}
