import { describe, expect, it } from 'vitest';
import { ActionCode, idempotencyKey } from '@reelcast/protocol';
import { MachineGame, nextAutoSpinDue, type GameEvent, type GameResult, type MachineGameOptions } from './machine-game.ts';
import { classicPaytable, type SymbolId } from './paytable.ts';
import { Rng } from './rng.ts';

const base: MachineGameOptions = { machineId: 'm1', seed: 7, status: 'playing', credit: 10_000 };
const game = (options: Partial<MachineGameOptions> = {}): MachineGame => new MachineGame({ ...base, ...options });

/** Stops that put `symbols` on the middle row, reel by reel. */
const middleRow = (symbols: SymbolId[]): number[] =>
  classicPaytable.reels.map((strip, r) => {
    const stop = strip.findIndex((_, s) => strip[(s + 1) % strip.length] === symbols[r]);
    if (stop < 0) throw new Error(`reel ${r} has no ${symbols[r]}`);
    return stop;
  });

const FIVE_SEVENS = middleRow(['SEVEN', 'SEVEN', 'SEVEN', 'SEVEN', 'SEVEN']);
/** Stops 0,0,0,0,0 show CHERRY/LEMON/ORANGE/PLUM at random-looking places and win nothing (checked below). */
const LOSING = [0, 0, 0, 0, 0];

function ok<T extends object>(result: GameResult<T>): Extract<GameResult<T>, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${result.code} ${result.reason}`);
  return result;
}
const eventsOf = <T extends GameEvent['type']>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

describe('MachineGame: bets', () => {
  it('starts at the lowest bet level and walks the levels with BET_UP / BET_DOWN', () => {
    const g = game();
    expect(g.state).toMatchObject({ bet: 100, betIndex: 0, betPerLine: 10, lines: 10, betLevels: [100, 200, 500, 1000, 2000] });
    expect(ok(g.press('BET_UP', 0)).state.bet).toBe(200);
    expect(ok(g.press('BET_UP', 0)).state.bet).toBe(500);
    expect(ok(g.press('BET_DOWN', 0)).state).toMatchObject({ bet: 200, betPerLine: 20 });
    ok(g.press('BET_DOWN', 0));
    const version = g.state.version;
    expect(g.press('BET_DOWN', 0)).toMatchObject({ ok: false, code: 'BET_LIMIT' });
    expect(g.state.version).toBe(version);
  });

  it('MAX_BET selects the highest level without spinning, after which BET_UP is refused', () => {
    const g = game();
    const result = ok(g.press('MAX_BET', 0));
    expect(result.state).toMatchObject({ bet: 2000, betIndex: 4, betPerLine: 200, spins: 0, credit: 10_000 });
    expect(result.events).toEqual([{ type: 'bet', betIndex: 4, bet: 2000 }]);
    expect(g.press('BET_UP', 0)).toMatchObject({ ok: false, code: 'BET_LIMIT' });
  });

  it('accepts configured bet levels and rejects ones that do not split across the lines', () => {
    expect(game({ betLevels: [10, 50] }).state.betPerLine).toBe(1);
    expect(() => game({ betLevels: [15] })).toThrow(RangeError);
    expect(() => game({ betLevels: [200, 100] })).toThrow(RangeError);
    expect(() => game({ betLevels: [] })).toThrow(RangeError);
  });

  it('refuses bet changes unless a player is playing', () => {
    expect(game({ status: 'idle' }).press('BET_UP', 0)).toMatchObject({ ok: false, code: 'NOT_PLAYING' });
  });
});

describe('MachineGame: spins', () => {
  it('checks that the losing stops used below really lose', () => {
    const g = game({ forcedOutcomes: [{ stops: LOSING }] });
    expect(ok(g.press('SPIN', 0)).state.lastWin).toBe(0);
  });

  it('debits the bet, shows the stops and credits a win below the hand-pay threshold', () => {
    const stops = middleRow(['BELL', 'BELL', 'BELL', 'LEMON', 'CHERRY']);
    const g = game({ forcedOutcomes: [{ stops }] });
    const result = ok(g.press('SPIN', 1_000));
    const [spin] = eventsOf(result.events, 'spin');
    expect(spin).toMatchObject({ spin: 1, bet: 100, stops, jackpot: false });
    expect(spin!.lines).toContainEqual({ line: 1, symbol: 'BELL', count: 3, multiplier: 20, amount: 200 });
    expect(spin!.credited).toBe(spin!.win);
    expect(result.state.reels.map((column) => column[1])).toEqual(['BELL', 'BELL', 'BELL', 'LEMON', 'CHERRY']);
    expect(result.state).toMatchObject({
      credit: 10_000 - 100 + spin!.win,
      lastWin: spin!.win,
      spins: 1,
      totalBet: 100,
      totalWon: spin!.win,
      lastSpinAt: 1_000,
      lock: null,
      status: 'playing',
    });
  });

  it('refuses a spin it cannot pay for and changes nothing, not even the RNG', () => {
    const g = game({ credit: 99 });
    const before = g.snapshot();
    expect(g.press('SPIN', 0)).toEqual({ ok: false, code: 'INSUFFICIENT_CREDIT', reason: 'the bet is 100 but the credit is only 99' });
    expect(g.snapshot()).toEqual(before);
  });

  it('refuses to spin unless the machine is playing', () => {
    for (const status of ['idle', 'reserved', 'waiting', 'offline'] as const) {
      expect(game({ status }).press('SPIN', 0)).toMatchObject({ ok: false, code: 'NOT_PLAYING' });
    }
  });

  it('replays exactly the same spins from the same seed', () => {
    const run = (seed: number) => {
      const g = game({ seed, credit: 100_000 });
      return Array.from({ length: 30 }, (_, i) => eventsOf(ok(g.press('SPIN', i)).events, 'spin')[0]!.stops);
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });

  it('never lets the credit go negative and keeps the meter balanced, over many seeds', () => {
    for (let seed = 0; seed < 40; seed++) {
      const chaos = Rng.fromSeed(`chaos-${seed}`);
      const start = chaos.nextInt(5_000);
      const g = game({ seed, credit: start, jackpot: { oddsOneIn: 500, base: 10_000, contributionBasisPoints: 100 } });
      let moneyIn = start;
      let moneyOut = 0;
      let credited = 0;
      for (let step = 0; step < 400; step++) {
        const roll = chaos.nextInt(100);
        let result: GameResult<object>;
        if (g.state.lock) result = g.settle(g.state.lock.pending[0]!.settlementId);
        else if (roll < 70) result = g.press('SPIN', step);
        else if (roll < 78) result = g.press(chaos.nextInt(2) === 0 ? 'BET_UP' : 'BET_DOWN', step);
        else if (roll < 88) result = g.addCredit(1 + chaos.nextInt(1_000));
        else result = g.removeCredit(1 + chaos.nextInt(2_000));
        if (result.ok) {
          for (const e of result.events) {
            if (e.type === 'credit' && e.change > 0) moneyIn += e.change;
            if (e.type === 'credit' && e.change < 0) moneyOut -= e.change;
            if (e.type === 'spin') credited += e.credited;
          }
        }
        const { credit, totalBet } = g.state;
        expect(Number.isSafeInteger(credit) && credit >= 0, `seed ${seed} step ${step}: credit ${credit}`).toBe(true);
        expect(credit).toBe(moneyIn - moneyOut - totalBet + credited);
      }
    }
  });

  it('increases the version on every change and only then', () => {
    const g = game();
    const versions = [g.state.version];
    ok(g.press('SPIN', 0));
    versions.push(g.state.version);
    g.press('BET_DOWN', 0); // refused: already at the lowest level
    versions.push(g.state.version);
    ok(g.addCredit(5));
    versions.push(g.state.version);
    expect(versions).toEqual([0, 1, 1, 2]);
  });
});

describe('MachineGame: hand pay', () => {
  it('locks on a win at or above the threshold and keeps it off the meter until settled once', () => {
    const g = game({ forcedOutcomes: [{ stops: FIVE_SEVENS }] });
    ok(g.press('MAX_BET', 0));
    const result = ok(g.press('SPIN', 5_000));
    const [spin] = eventsOf(result.events, 'spin');
    expect(spin!.win).toBeGreaterThanOrEqual(2000 * 200); // five sevens on line 1 at 200 per line
    expect(spin!.credited).toBe(0);
    const settlement = {
      settlementId: 'm1:spin-1:hand-pay',
      kind: 'HAND_PAY',
      actionCode: ActionCode.HandPay,
      amount: spin!.win,
      spin: 1,
      createdAt: 5_000,
    };
    expect(eventsOf(result.events, 'settlement')).toEqual([{ type: 'settlement', settlement }]);
    expect(eventsOf(result.events, 'status')).toEqual([{ type: 'status', from: 'playing', to: 'error' }]);
    expect(result.state).toMatchObject({ credit: 10_000 - 2000, status: 'error', lock: { pending: [settlement] }, lastWin: spin!.win });
    expect(idempotencyKey.parse(settlement.settlementId)).toBe(settlement.settlementId);

    for (const attempt of [
      g.press('SPIN', 0),
      g.press('BET_DOWN', 0),
      g.press('COLLECT', 0),
      g.press('AUTOPLAY', 0),
      g.addCredit(100),
      g.removeCredit(100),
      g.setStatus('idle'),
    ]) {
      expect(attempt).toMatchObject({ ok: false, code: 'LOCKED' });
    }

    expect(g.settle('m1:spin-2:hand-pay')).toMatchObject({ ok: false, code: 'UNKNOWN_SETTLEMENT' });
    const settled = ok(g.settle(settlement.settlementId));
    expect(settled.events).toEqual([
      { type: 'settled', settlement },
      { type: 'status', from: 'error', to: 'playing' },
    ]);
    expect(settled.state).toMatchObject({ lock: null, status: 'playing', credit: 8_000 });
    const again = ok(g.settle(settlement.settlementId));
    expect(again.events).toEqual([]);
    expect(again.state.version).toBe(settled.state.version);
    expect(again.state.credit).toBe(8_000);
    expect(ok(g.press('SPIN', 6_000)).state.spins).toBe(2);
  });

  it('locks at exactly the threshold and credits one minor unit below it', () => {
    const stops = middleRow(['BELL', 'BELL', 'BELL', 'LEMON', 'CHERRY']);
    const win = eventsOf(ok(game({ forcedOutcomes: [{ stops }] }).press('SPIN', 0)).events, 'spin')[0]!.win;
    expect(win).toBeGreaterThan(0);
    const at = ok(game({ handPayThreshold: win, forcedOutcomes: [{ stops }] }).press('SPIN', 0));
    expect(at.state.lock?.pending[0]).toMatchObject({ kind: 'HAND_PAY', amount: win });
    const below = ok(game({ handPayThreshold: win + 1, forcedOutcomes: [{ stops }] }).press('SPIN', 0));
    expect(below.state).toMatchObject({ lock: null, credit: 10_000 - 100 + win });
  });

  it('can also lock on a multiple of the bet', () => {
    const stops = middleRow(['BELL', 'BELL', 'BELL', 'LEMON', 'CHERRY']);
    const g = game({ handPayBetMultiple: 2, forcedOutcomes: [{ stops }] });
    expect(ok(g.press('SPIN', 0)).state.lock?.pending[0]?.kind).toBe('HAND_PAY');
  });

  it('switches autoplay off when it locks', () => {
    const g = game({ forcedOutcomes: [{ stops: LOSING }, { stops: FIVE_SEVENS }] });
    ok(g.press('MAX_BET', 0));
    ok(g.press('AUTOPLAY', 0));
    ok(g.press('SPIN', 0));
    const locked = ok(g.press('SPIN', 2_000));
    expect(eventsOf(locked.events, 'autoplay')).toEqual([{ type: 'autoplay', on: false, reason: 'locked' }]);
    expect(nextAutoSpinDue(locked.state)).toBeNull();
  });
});

describe('MachineGame: jackpot', () => {
  const jackpot = { oddsOneIn: 100_000, base: 50_000, contributionBasisPoints: 100 };

  it('grows the pot by the contribution, in whole minor units, and pays it as a JACKPOT settlement', () => {
    const g = game({
      jackpot,
      forcedOutcomes: [...Array.from({ length: 9 }, () => ({ stops: LOSING })), { stops: LOSING, jackpot: true }],
    });
    for (let i = 0; i < 9; i++) ok(g.press('SPIN', i));
    expect(g.state.jackpotPot).toBe(50_000 + 9); // 1% of 100 per spin
    const result = ok(g.press('SPIN', 99));
    const settlement = {
      settlementId: 'm1:spin-10:jackpot',
      kind: 'JACKPOT',
      actionCode: ActionCode.Jackpot,
      amount: 50_010,
      spin: 10,
      createdAt: 99,
    };
    expect(eventsOf(result.events, 'spin')[0]!.jackpot).toBe(true);
    expect(eventsOf(result.events, 'settlement')).toEqual([{ type: 'settlement', settlement }]);
    expect(result.state).toMatchObject({ jackpotPot: 50_000, status: 'error', lock: { pending: [settlement] }, credit: 10_000 - 1_000 });
    expect(ok(g.settle(settlement.settlementId)).state).toMatchObject({ lock: null, status: 'playing', credit: 9_000 });
  });

  it('keeps fractions of the contribution instead of losing them', () => {
    const g = game({ jackpot: { ...jackpot, contributionBasisPoints: 3 }, credit: 100_000 });
    for (let i = 0; i < 100; i++) if (!g.state.lock) ok(g.press('SPIN', i));
    // 100 spins × 100 × 0.03% = 3 minor units, although each spin adds only 0.03.
    expect(g.state.jackpotPot).toBe(50_003);
  });

  it('holds the lock until both a hand pay and a jackpot of the same spin are settled', () => {
    const g = game({ jackpot, forcedOutcomes: [{ stops: FIVE_SEVENS, jackpot: true }] });
    ok(g.press('MAX_BET', 0));
    const pending = ok(g.press('SPIN', 0)).state.lock!.pending;
    expect(pending.map((p) => [p.kind, p.actionCode, p.settlementId])).toEqual([
      ['HAND_PAY', 5, 'm1:spin-1:hand-pay'],
      ['JACKPOT', 6, 'm1:spin-1:jackpot'],
    ]);
    expect(ok(g.settle('m1:spin-1:jackpot')).state).toMatchObject({ status: 'error', lock: { pending: [pending[0]] } });
    expect(ok(g.settle('m1:spin-1:hand-pay')).state).toMatchObject({ status: 'playing', lock: null });
  });

  it('draws the jackpot from the seeded RNG at the configured odds', () => {
    const g = game({
      seed: 'jackpot-odds',
      credit: 1_000_000_000,
      handPayThreshold: Number.MAX_SAFE_INTEGER,
      jackpot: { ...jackpot, oddsOneIn: 100 },
    });
    let hits = 0;
    for (let i = 0; i < 20_000; i++) {
      const result = ok(g.press('SPIN', i));
      if (result.state.lock) {
        hits++;
        ok(g.settle(result.state.lock.pending[0]!.settlementId));
      }
    }
    // Expected 200, standard deviation about 14.
    expect(hits).toBeGreaterThan(140);
    expect(hits).toBeLessThan(260);
  });

  it('never hits when the jackpot is switched off', () => {
    const g = game({ jackpot: null, forcedOutcomes: [{ stops: LOSING, jackpot: true }] });
    const result = ok(g.press('SPIN', 0));
    expect(result.state).toMatchObject({ lock: null, jackpotPot: 0 });
    expect(eventsOf(result.events, 'spin')[0]!.jackpot).toBe(false);
  });
});

describe('MachineGame: money in and out', () => {
  it('adds and removes credit in whole minor units, never more than the meter holds', () => {
    const g = game({ credit: 500 });
    expect(ok(g.addCredit(250)).events).toEqual([{ type: 'credit', change: 250, credit: 750 }]);
    expect(g.removeCredit(751)).toMatchObject({ ok: false, code: 'INSUFFICIENT_CREDIT' });
    expect(ok(g.removeCredit(750)).state.credit).toBe(0);
    for (const bad of [0, -5, 1.5, Number.NaN]) {
      expect(g.addCredit(bad)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
      expect(g.removeCredit(bad)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
    }
    expect(game({ maxCredit: 1_000, credit: 900 }).addCredit(101)).toMatchObject({ ok: false, code: 'CREDIT_LIMIT' });
  });

  it('COLLECT cashes out the whole meter and moves to cashout until the agent is done', () => {
    const g = game({ credit: 1_234 });
    const result = ok(g.collect());
    expect(result.amount).toBe(1_234);
    expect(result.events).toEqual([
      { type: 'collect', amount: 1_234 },
      { type: 'status', from: 'playing', to: 'cashout' },
    ]);
    expect(result.state).toMatchObject({ credit: 0, status: 'cashout' });
    expect(g.press('SPIN', 0)).toMatchObject({ ok: false, code: 'NOT_PLAYING' });
    expect(g.collect()).toMatchObject({ ok: false, code: 'NOT_PLAYING' });
    expect(game({ credit: 0 }).collect()).toMatchObject({ ok: false, code: 'NOTHING_TO_COLLECT' });
    ok(g.addCredit(1_234)); // the wallet transfer failed: the agent puts the money back
    expect(ok(g.setStatus('playing')).state).toMatchObject({ status: 'playing', credit: 1_234 });
    expect(eventsOf(ok(g.press('COLLECT', 0)).events, 'collect')).toEqual([{ type: 'collect', amount: 1_234 }]);
  });

  it('refuses to collect from an idle machine', () => {
    expect(game({ status: 'idle' }).collect()).toMatchObject({ ok: false, code: 'NOT_PLAYING' });
  });
});

describe('MachineGame: autoplay', () => {
  it('tells the caller when to spin next and turns itself off when the credit runs out', () => {
    const g = game({ credit: 200, autoplayIntervalMs: 1_500, forcedOutcomes: [{ stops: LOSING }, { stops: LOSING }] });
    const on = ok(g.press('AUTOPLAY', 10_000));
    expect(on.events).toEqual([{ type: 'autoplay', on: true }]);
    expect(nextAutoSpinDue(on.state)).toBe(10_000);
    expect(g.press('BET_UP', 10_000)).toMatchObject({ ok: false, code: 'AUTOPLAY_ACTIVE' });
    const first = ok(g.press('SPIN', 10_000));
    expect(nextAutoSpinDue(first.state)).toBe(11_500);
    const second = ok(g.press('SPIN', 11_500));
    expect(second.state).toMatchObject({ credit: 0, autoplay: false });
    expect(eventsOf(second.events, 'autoplay')).toEqual([{ type: 'autoplay', on: false, reason: 'insufficient-credit' }]);
    expect(nextAutoSpinDue(second.state)).toBeNull();
  });

  it('toggles off, and refuses to start without credit for one bet', () => {
    const g = game({ credit: 100 });
    ok(g.press('AUTOPLAY', 0));
    expect(ok(g.press('AUTOPLAY', 0)).events).toEqual([{ type: 'autoplay', on: false, reason: 'toggled' }]);
    expect(game({ credit: 99 }).press('AUTOPLAY', 0)).toMatchObject({ ok: false, code: 'INSUFFICIENT_CREDIT' });
  });

  it('stops when the player cashes out, leaves, or credit is taken below the bet', () => {
    const collected = game();
    ok(collected.press('AUTOPLAY', 0));
    expect(eventsOf(ok(collected.collect()).events, 'autoplay')[0]).toMatchObject({ reason: 'collect' });
    const left = game();
    ok(left.press('AUTOPLAY', 0));
    expect(ok(left.setStatus('waiting')).state.autoplay).toBe(false);
    const drained = game({ credit: 150 });
    ok(drained.press('AUTOPLAY', 0));
    expect(ok(drained.removeCredit(100)).state.autoplay).toBe(false);
  });
});

describe('MachineGame: status', () => {
  it('lets the agent move along the transition table and refuses the rest', () => {
    const g = game({ status: 'idle' });
    expect(ok(g.setStatus('reserved')).events).toEqual([{ type: 'status', from: 'idle', to: 'reserved' }]);
    expect(g.setStatus('cashout')).toMatchObject({ ok: false, code: 'ILLEGAL_TRANSITION' });
    ok(g.setStatus('playing'));
    expect(ok(g.setStatus('playing')).events).toEqual([]);
    ok(g.setStatus('offline'));
    expect(g.setStatus('playing')).toMatchObject({ ok: false, code: 'ILLEGAL_TRANSITION' });
    expect(g.addCredit(100)).toMatchObject({ ok: false, code: 'NOT_PLAYING' });
  });
});

describe('MachineGame: snapshot and restore', () => {
  it('continues exactly where it stopped, through JSON', () => {
    const g = game({ seed: 'persist', credit: 1_000_000, handPayThreshold: 20_000 });
    const play = (machine: MachineGame, from: number) =>
      Array.from({ length: 200 }, (_, i) => {
        if (machine.state.lock) return machine.settle(machine.state.lock.pending[0]!.settlementId);
        return machine.press(i % 50 === 0 ? 'BET_UP' : 'SPIN', from + i);
      });
    play(g, 0);
    const saved = JSON.parse(JSON.stringify(g.snapshot()));
    const restored = MachineGame.restore(saved);
    expect(restored.state).toEqual(g.state);
    expect(play(restored, 1_000)).toEqual(play(g, 1_000));
    expect(restored.snapshot()).toEqual(g.snapshot());
  });

  it('remembers a pending lock and already-settled ids across a restart', () => {
    const g = game({ forcedOutcomes: [{ stops: FIVE_SEVENS }, { stops: FIVE_SEVENS }] });
    ok(g.press('MAX_BET', 0));
    ok(g.press('SPIN', 0));
    ok(g.settle('m1:spin-1:hand-pay'));
    ok(g.press('SPIN', 1));
    const restored = MachineGame.restore(JSON.parse(JSON.stringify(g.snapshot())));
    expect(restored.state.lock?.pending.map((p) => p.settlementId)).toEqual(['m1:spin-2:hand-pay']);
    expect(ok(restored.settle('m1:spin-1:hand-pay')).events).toEqual([]);
    expect(ok(restored.settle('m1:spin-2:hand-pay')).state.status).toBe('playing');
  });

  it('refuses a snapshot taken with another paytable', () => {
    const snapshot = game().snapshot();
    expect(() => MachineGame.restore(snapshot, { paytable: { ...classicPaytable, id: 'other' } })).toThrow(/paytable/);
  });
});
