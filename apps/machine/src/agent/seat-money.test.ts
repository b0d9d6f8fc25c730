import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { EmulatedCabinet, type EmulatedHandPay } from '../cabinet/emulated-cabinet.ts';
import { classicPaytable, type ForcedOutcome } from '@reelcast/engine';
import { FakeScheduler } from '../cabinet/sas/fake-scheduler-test-helpers.ts';
import { fakeLedger } from './fake-ledger-test-helpers.ts';
import { RECOVERY_EVERY_MS, SeatMoney } from './seat-money.ts';
import { TransferJournal, type JournalState } from './transfer-journal.ts';

const SESSION = '00000000-0000-4000-8000-000000000001';
const WALLET = 10_000;

/** What the host's state file would hold after each save: the cabinet's snapshot with the journal. */
interface Saved {
  game: unknown;
  journal: JournalState;
}

/**
 * The money unit of machine 1 on an emulated cabinet, a ledger in memory and fake time, wired as the
 * host wires it (a settlement the cabinet reports is paid). `saved` restarts it from a save.
 */
function seatMoney(
  options: {
    saved?: Saved;
    ledger?: ReturnType<typeof fakeLedger>;
    forcedOutcomes?: ForcedOutcome[];
    /** A cabinet that keeps its own memory across the agent's restart (a real machine), instead of the saved snapshot. */
    cabinet?: EmulatedCabinet;
    /** The cabinet is set to hand pay (docs/console.md "Hand pay"). */
    handPay?: EmulatedHandPay;
  } = {},
) {
  const { saved } = options;
  const scheduler = new FakeScheduler();
  const { platform, ledger, fail, confirm } = options.ledger ?? fakeLedger(WALLET);
  const cabinet =
    options.cabinet ??
    (saved
      ? EmulatedCabinet.restore(saved.game)
      : EmulatedCabinet.create({ machineId: '1', seed: 'money', forcedOutcomes: options.forcedOutcomes }, undefined, options.handPay));
  const saves: Saved[] = [];
  const journal: TransferJournal = new TransferJournal(
    () => saves.push(structuredClone({ game: cabinet.snapshot(), journal: journal.toState() })),
    saved?.journal,
  );
  let queue: Promise<unknown> = Promise.resolve();
  const seat = { current: { sessionId: SESSION } as { sessionId: string } | null };
  const told: { event: string; payload: unknown }[] = [];
  const money = new SeatMoney({
    machineId: 1,
    cabinet,
    platform,
    journal,
    scheduler,
    serial: (work) => {
      const run = queue.then(work, work);
      queue = run.catch(() => {});
      return run;
    },
    seat: () => seat.current,
    tell: (event, payload) => void told.push({ event, payload }),
    changed: () => {},
    released: () => {},
    log: () => {},
  });
  cabinet.onEvent((event) => {
    if (event.type === 'settlement') void money.settle(event.settlement);
  });
  const player = { playerId: 7, sessionId: SESSION };
  /** Money is neither made nor lost: the wallet and the meter hold what the wallet held. */
  const total = () => ledger.balance + cabinet.state.credit;
  return {
    money,
    cabinet,
    journal,
    ledger,
    fail,
    confirm,
    scheduler,
    saves,
    seat,
    told,
    player,
    total,
    ledgerParts: { platform, ledger, fail, confirm },
  };
}

/**
 * A cash-in of 2,000 whose cabinet `operation` (its apply, or the take-back after a failed post) leaves and
 * whose agent dies before the answer; with `moves` the cabinet carries it out. What is on disk then: the
 * last save made before it. The cabinet answers as usual afterwards (a real machine kept its memory).
 */
async function killedDuring(first: ReturnType<typeof seatMoney>, operation: 'applyCredit' | 'takeCredit', moves: boolean) {
  const machine = first.cabinet;
  const real = machine[operation].bind(machine);
  let onDisk: Saved | undefined;
  machine[operation] = async (transferId: string, amount: number) => {
    onDisk = first.saves.at(-1);
    if (moves) await real(transferId, amount);
    return new Promise(() => {});
  };
  void first.money.cashIn(first.player, 2_000, 'c1');
  await first.scheduler.advance(0);
  machine[operation] = real;
  return onDisk;
}

describe('the money between the meter and the ledger, with a ledger in memory and fake time', () => {
  it('a cash-in is reserved, applied and posted: the meter and the wallet move once; a repeat is told the same and moves nothing', async () => {
    const { money, cabinet, ledger, player, total } = seatMoney();
    const posted: number[] = [];
    expect(await money.cashIn(player, 2_000, 'c1', (balance) => posted.push(balance))).toEqual({
      ok: true,
      transferId: 'c1',
      credit: 2_000,
      balance: 8_000,
    });
    expect(await money.cashIn(player, 2_000, 'c1', (balance) => posted.push(balance))).toEqual({
      ok: true,
      transferId: 'c1',
      credit: 2_000,
      balance: 8_000,
    });
    expect(posted).toEqual([8_000]);
    expect(cabinet.state.credit).toBe(2_000);
    expect(ledger.cashIns.get('m1-p7-c1')).toEqual({ amount: 2_000, status: 'posted' });
    expect(total()).toBe(WALLET);
  });

  it('a post that never reaches the platform: the credit leaves the meter at once; 5 s later the recovery voids it and the money is back in the wallet', async () => {
    const { money, cabinet, journal, ledger, fail, scheduler, player, total } = seatMoney();
    fail('postCashIn', 'unreachable');
    expect(await money.cashIn(player, 2_000, 'c1')).toMatchObject({ ok: false, code: ErrorCode.InternalError });
    expect(cabinet.state.credit).toBe(0);
    expect(journal.unsettled('m1-p7-c1')).toEqual({ amount: 2_000, sessionId: SESSION });

    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(ledger.cashIns.get('m1-p7-c1')?.status).toBe('voided');
    expect(journal.owedCount).toBe(0);
    expect({ wallet: ledger.balance, meter: cabinet.state.credit }).toEqual({ wallet: WALLET, meter: 0 });
    expect(total()).toBe(WALLET);
  });

  it('a post whose answer is lost (posted after all): the recovery finds it posted and puts the credit back on the meter, once', async () => {
    const { money, cabinet, journal, ledger, fail, scheduler, player, total } = seatMoney();
    fail('postCashIn', 'answer-lost');
    expect(await money.cashIn(player, 2_000, 'c1')).toMatchObject({ ok: false });
    expect(cabinet.state.credit).toBe(0);

    await scheduler.advance(RECOVERY_EVERY_MS);
    expect({ meter: cabinet.state.credit, owed: journal.owedCount }).toEqual({ meter: 2_000, owed: 0 });
    // Its repeat is told the posted outcome, and moves nothing again.
    expect(await money.cashIn(player, 2_000, 'c1')).toMatchObject({ ok: true, credit: 2_000 });
    await scheduler.advance(3 * RECOVERY_EVERY_MS);
    expect({ meter: cabinet.state.credit, wallet: ledger.balance }).toEqual({ meter: 2_000, wallet: 8_000 });
    expect(total()).toBe(WALLET);
  });

  it('posted after all, but the seat ended meanwhile: the money goes back to that wallet as a cash-out, never to the meter', async () => {
    const { money, cabinet, journal, ledger, fail, scheduler, seat, player, total } = seatMoney();
    fail('postCashIn', 'answer-lost');
    await money.cashIn(player, 2_000, 'c1');
    seat.current = null;

    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(cabinet.state.credit).toBe(0);
    expect(ledger.cashOuts).toEqual(new Map([['m1-p7-c1-back', 2_000]]));
    expect(journal.owedCount).toBe(0);
    expect(total()).toBe(WALLET);
  });

  it('a cash-in the platform voided before its post (its deadline passed): the credit leaves the meter and nothing stays owed', async () => {
    const { money, cabinet, journal, ledger, player, total } = seatMoney();
    const postCashIn = money.cashIn(player, 2_000, 'c1');
    // The deadline passes while the credit is on the meter, before the post arrives.
    ledger.cashIns.get('m1-p7-c1')!.status = 'voided';
    ledger.balance += 2_000;
    expect(await postCashIn).toMatchObject({ ok: false, code: ErrorCode.TransferResolved });
    expect({ meter: cabinet.state.credit, owed: journal.owedCount }).toEqual({ meter: 0, owed: 0 });
    expect(total()).toBe(WALLET);
  });

  it.each([
    ['took it', 'posted', 2_000, 8_000],
    ['never got it', 'voided', 0, WALLET],
  ] as const)(
    'a cash-in whose apply the cabinet could not confirm (its link down) and it %s: neither posted nor voided until the recovery asks it, then %s',
    async (_took, status, meter, wallet) => {
      const { money, cabinet, journal, ledger, scheduler, player, total } = seatMoney();
      const apply = cabinet.applyCredit.bind(cabinet);
      // The cabinet's answer is lost on the way back (or its request on the way there).
      cabinet.applyCredit = async (transferId, amount) => {
        if (status === 'posted') await apply(transferId, amount);
        return { transferId, status: 'unknown', reason: 'link-down' };
      };
      expect(await money.cashIn(player, 2_000, 'c1')).toMatchObject({ ok: false, code: ErrorCode.MachineNotPlaying });
      expect(ledger.cashIns.get('m1-p7-c1')?.status).toBe('reserved');
      expect(journal.applying('m1-p7-c1')).toEqual({ amount: 2_000, sessionId: SESSION });

      await scheduler.advance(RECOVERY_EVERY_MS);
      expect(ledger.cashIns.get('m1-p7-c1')?.status).toBe(status);
      expect({ meter: cabinet.state.credit, wallet: ledger.balance, owed: journal.owedCount }).toEqual({ meter, wallet, owed: 0 });
      expect(total()).toBe(WALLET);
    },
  );

  it('a cash-out whose ledger call fails is taken off the meter once and retried every 5 s until the wallet has it, once', async () => {
    const { money, cabinet, journal, ledger, fail, scheduler, player, total } = seatMoney();
    await cabinet.enablePlay();
    await money.cashIn(player, 3_000, 'c1');
    fail('cashOut', 'unreachable');
    fail('cashOut', 'answer-lost');
    expect(await money.cashOut(SESSION, true)).toEqual({ ok: true, amount: 3_000, balance: null });
    expect({ meter: cabinet.state.credit, owed: journal.owedCount }).toEqual({ meter: 0, owed: 1 });

    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(ledger.calls.filter((call) => call === 'cashOut')).toHaveLength(2);
    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(ledger.calls.filter((call) => call === 'cashOut')).toHaveLength(3);
    expect(journal.owedCount).toBe(0);
    expect(ledger.cashOuts).toEqual(new Map([[`m1-s${SESSION}-out1`, 3_000]]));
    expect(total()).toBe(WALLET);
  });

  it('a restart between apply and post: the saved meter and journal post the cash-in once, and nothing is applied twice', async () => {
    const first = seatMoney();
    await first.money.cashIn(first.player, 2_000, 'c1');
    // The save made right after the credit went on the meter, before the post: the state a crash there leaves.
    const crashed = first.saves.find((save) => save.journal.applied['m1-p7-c1'] !== undefined)!;
    first.ledger.cashIns.get('m1-p7-c1')!.status = 'reserved';

    const second = seatMoney({ saved: crashed, ledger: first.ledgerParts });
    expect(second.cabinet.state.credit).toBe(2_000);
    await second.money.recover();
    expect({ meter: second.cabinet.state.credit, owed: second.journal.owedCount }).toEqual({ meter: 2_000, owed: 0 });
    expect(second.ledger.cashIns.get('m1-p7-c1')?.status).toBe('posted');
    // The player's retry after the restart is answered from the journal.
    expect(await second.money.cashIn(second.player, 2_000, 'c1')).toMatchObject({ ok: true, credit: 2_000, balance: 8_000 });
    expect(second.total()).toBe(WALLET);
  });

  it.each([
    ['took it', 'posted', 2_000, 8_000],
    ['never got it', 'voided', 0, WALLET],
  ] as const)(
    'an agent killed after a cash-in went to the cabinet and before its answer, and the cabinet %s: the journal saved it before the request left, and the restart asks the cabinet, then %s it once',
    async (_took, status, meter, wallet) => {
      const first = seatMoney();
      const machine = first.cabinet;
      const onDisk = await killedDuring(first, 'applyCredit', status === 'posted');
      expect(onDisk?.journal.applying).toEqual({ 'm1-p7-c1': { amount: 2_000, sessionId: SESSION } });

      // The machine kept its memory; the agent starts again from the file.
      const second = seatMoney({ saved: onDisk, ledger: first.ledgerParts, cabinet: machine });
      await second.money.recover();
      expect(second.ledger.cashIns.get('m1-p7-c1')?.status).toBe(status);
      expect({ meter: machine.state.credit, wallet: second.ledger.balance, owed: second.journal.owedCount }).toEqual({
        meter,
        wallet,
        owed: 0,
      });
      expect(second.total()).toBe(WALLET);
    },
  );

  it.each([
    ['refuses it (a real machine losing power)', 'refused', false, 'posted', 2_000, 8_000],
    ['cannot say, and never took it', 'unknown', false, 'posted', 2_000, 8_000],
    ['cannot say, and took it', 'unknown', true, 'voided', 0, WALLET],
  ] as const)(
    'a failed cash-in whose take-back the cabinet %s: it stays in the journal, nothing is played or cashed out, and the recovery asks the cabinet before it settles it (%s)',
    async (_what, answer, moves, status, meter, wallet) => {
      const { money, cabinet, journal, ledger, fail, scheduler, player, total } = seatMoney();
      await cabinet.enablePlay();
      const take = cabinet.takeCredit.bind(cabinet);
      cabinet.takeCredit = async (transferId, amount) => {
        cabinet.takeCredit = take;
        if (moves) await take(transferId, amount);
        return answer === 'refused'
          ? { transferId, status: 'refused', refusal: { ok: false, code: 'UNAVAILABLE', reason: 'unexpected error (9F)' } }
          : { transferId, status: 'unknown', reason: 'link-down' };
      };
      fail('postCashIn', 'unreachable');
      expect(await money.cashIn(player, 2_000, 'c1')).toMatchObject({ ok: false });
      expect(journal.unsettled('m1-p7-c1')).toBeUndefined();
      expect(money.pressRefusal()).toMatchObject({ code: ErrorCode.MachineNotPlaying });
      expect(await money.cashOut(SESSION, true)).toMatchObject({ ok: false, code: ErrorCode.MachineNotPlaying });

      await scheduler.advance(2 * RECOVERY_EVERY_MS);
      expect(ledger.cashIns.get('m1-p7-c1')?.status).toBe(status);
      expect({ meter: cabinet.state.credit, wallet: ledger.balance, owed: journal.owedCount }).toEqual({ meter, wallet, owed: 0 });
      expect(money.pressRefusal()).toBeNull();
      expect(total()).toBe(WALLET);
    },
  );

  it.each([
    ['took it', 0],
    ['never got it', 2_000],
  ] as const)(
    'an agent killed after a take-back went to the cabinet and before its answer, and the cabinet %s: the restart asks it, and the money is where the cabinet says',
    async (took, meter) => {
      const first = seatMoney();
      const machine = first.cabinet;
      first.fail('postCashIn', 'unreachable');
      const onDisk = await killedDuring(first, 'takeCredit', took === 'took it');
      expect(onDisk?.journal.takingBack).toEqual({
        'm1-p7-c1': { amount: 2_000, sessionId: SESSION, voided: false, takeBackId: 'm1-p7-c1-takeback1' },
      });

      const second = seatMoney({ saved: onDisk, ledger: first.ledgerParts, cabinet: machine });
      await second.money.recover();
      await second.scheduler.advance(RECOVERY_EVERY_MS);
      // Taken: voided, the money is back in the wallet. Never taken: posted, the credit is the player's.
      expect({ meter: machine.state.credit, wallet: second.ledger.balance + meter, owed: second.journal.owedCount }).toEqual({
        meter,
        wallet: WALLET,
        owed: 0,
      });
      expect(second.total()).toBe(WALLET);
    },
  );

  it('a jackpot the platform cannot be reached for keeps the cabinet locked; the recovery pays it once and the cabinet is released', async () => {
    const { money, cabinet, ledger, fail, scheduler, player, total } = seatMoney({
      forcedOutcomes: [{ stops: [0, 0, 0, 0, 0], jackpot: true }],
    });
    await cabinet.enablePlay();
    await money.cashIn(player, 1_000, 'c1');
    fail('settle', 'unreachable');
    await cabinet.press('SPIN', 0);
    await scheduler.advance(0);
    expect(cabinet.state.lock?.pending).toHaveLength(1);
    const { amount: pot } = cabinet.state.lock!.pending[0]!;

    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(cabinet.state.lock).toBeNull();
    expect(ledger.settlements).toEqual(new Map([['m1-1:spin-1:jackpot', pot]]));
    await scheduler.advance(3 * RECOVERY_EVERY_MS);
    expect(ledger.calls.filter((call) => call === 'settle')).toHaveLength(2);
    // The bet left the meter, the win is in the wallet: nothing else moved.
    expect(total()).toBe(WALLET - cabinet.state.totalBet + pot);
  });
});

describe('a cabinet set to hand pay (docs/console.md "Hand pay"), with a ledger in memory and fake time', () => {
  /** Three bells on the middle row: a small win, a hand pay at a threshold of 1. */
  const BELLS = classicPaytable.reels.map((strip, r) => {
    const symbol = ['BELL', 'BELL', 'BELL', 'LEMON', 'CHERRY'][r];
    return strip.findIndex((_, s) => strip[(s + 1) % strip.length] === symbol);
  });

  it('a win at the threshold waits for staff: asked again at each recovery and never paid, until a member confirms it; then paid once and released', async () => {
    const { money, cabinet, ledger, confirm, scheduler, player, told, total } = seatMoney({
      forcedOutcomes: [{ stops: BELLS }],
      handPay: { threshold: 1 },
    });
    await cabinet.enablePlay();
    await money.cashIn(player, 1_000, 'c1');
    await cabinet.press('SPIN', 0);
    await scheduler.advance(0);
    const [pending] = cabinet.state.lock!.pending;
    expect(pending).toMatchObject({ settlementId: '1:spin-1:hand-pay', kind: 'HAND_PAY', confirm: 'staff' });
    expect(pending!.amount).toBeGreaterThan(0);
    expect(ledger.waiting).toEqual(new Map([['m1-1:spin-1:hand-pay', pending!.amount]]));
    expect(told).toContainEqual({ event: 'info', payload: { type: 'HAND_PAY', amount: pending!.amount } });

    // An hour of recoveries: still locked, nothing paid, no play.
    await scheduler.advance(60 * 60_000);
    expect(cabinet.state.lock?.pending).toHaveLength(1);
    expect(ledger.settlements.size).toBe(0);
    expect(await cabinet.press('SPIN', 1)).toMatchObject({ ok: false, code: 'LOCKED' });
    const asked = ledger.calls.filter((call) => call === 'settle').length;
    expect(asked).toBeGreaterThan((60 * 60_000) / RECOVERY_EVERY_MS / 2);

    // The console confirms it; its command asks at once.
    confirm('m1-1:spin-1:hand-pay');
    await money.settleLocked();
    expect(cabinet.state.lock).toBeNull();
    expect(ledger.settlements).toEqual(new Map([['m1-1:spin-1:hand-pay', pending!.amount]]));
    expect(told.at(-1)).toEqual({ event: 'balance', payload: { balance: ledger.balance } });
    await scheduler.advance(3 * RECOVERY_EVERY_MS);
    expect(ledger.calls.filter((call) => call === 'settle')).toHaveLength(asked + 1);
    expect(total()).toBe(WALLET - cabinet.state.totalBet + pending!.amount);
  });

  it('a cabinet not set to hand pay pays the same win onto the meter, and one set to hand pay keeps the setting across a restart', async () => {
    const plain = seatMoney({ forcedOutcomes: [{ stops: BELLS }] });
    await plain.cabinet.enablePlay();
    await plain.money.cashIn(plain.player, 1_000, 'c1');
    await plain.cabinet.press('SPIN', 0);
    expect(plain.cabinet.state.lock).toBeNull();

    const set = seatMoney({ forcedOutcomes: [{ stops: BELLS }], handPay: { threshold: 1 } });
    await set.cabinet.enablePlay();
    await set.money.cashIn(set.player, 1_000, 'c1');
    await set.cabinet.press('SPIN', 0);
    await set.scheduler.advance(0);
    const restarted = EmulatedCabinet.restore(set.cabinet.snapshot(), undefined, { threshold: 1 });
    expect(restarted.state.lock?.pending[0]).toMatchObject({ kind: 'HAND_PAY', confirm: 'staff' });
    expect(EmulatedCabinet.restore(set.cabinet.snapshot()).state.lock?.pending[0]).not.toHaveProperty('confirm');
  });
});
