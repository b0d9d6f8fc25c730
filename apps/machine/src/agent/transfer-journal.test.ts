import { describe, expect, it } from 'vitest';
import { TRANSFER_MEMORY, TransferJournal, type JournalState } from './transfer-journal.ts';

/** A journal whose saves are counted, each with a copy of what it would write. */
function journal(saved?: JournalState) {
  const saves: JournalState[] = [];
  const j: TransferJournal = new TransferJournal(() => saves.push(structuredClone(j.toState())), saved);
  return { j, saves };
}

describe('the transfer journal', () => {
  it('saves once per change, each save holding the change', () => {
    const { j, saves } = journal();
    j.applied('in-1', 500);
    expect(saves.at(-1)!.applied).toEqual({ 'in-1': 500 });
    j.posted('in-1', { credit: 500, balance: 9_500 });
    expect(saves.at(-1)).toMatchObject({ applied: {}, transfers: { 'in-1': { credit: 500, balance: 9_500 } } });
    const out = j.cashOutTaken(7, 's1', 500);
    expect(out).toEqual({ transferId: 'm7-ss1-out1', sessionId: 's1', amount: 500 });
    expect(saves.at(-1)).toMatchObject({ pendingCashOuts: [out], cashOutSerial: 1 });
    j.cashOutConfirmed(out.transferId);
    j.closeQueued({ sessionId: 's1', figures: { reason: 'cashout', spins: 0, totalBet: 0, totalWon: 0 } });
    j.closeConfirmed('s1');
    expect(saves).toHaveLength(6);
    expect(saves.at(-1)).toMatchObject({ pendingCashOuts: [], pendingCloses: [] });
    expect(j.owedCount).toBe(0);
  });

  it('a failed post: taken back and voided leaves nothing owed; unknown waits as unsettled, then settles voided, posted or returned', () => {
    const { j } = journal();
    j.applied('in-voided', 100);
    j.takeBackSent('in-voided', { voided: true, sessionId: 's2' });
    j.takeBackResolved('in-voided', true);
    expect(j.owedCount).toBe(0);

    for (const id of ['in-a', 'in-b', 'in-c']) {
      j.applied(id, 300);
      j.takeBackSent(id, { voided: false, sessionId: 's2' });
      j.takeBackResolved(id, true);
    }
    expect(j.unsettled('in-a')).toEqual({ amount: 300, sessionId: 's2' });
    expect(j.owed().unsettled).toEqual(['in-a', 'in-b', 'in-c']);
    j.settledVoided('in-a');
    j.settledPosted('in-b', { credit: 300, balance: 700 });
    expect(j.completed('in-b')).toEqual({ credit: 300, balance: 700 });
    expect(j.settledReturned('in-c')).toEqual({ transferId: 'in-c-back', sessionId: 's2', amount: 300 });
    expect(j.owed()).toEqual({
      cashOuts: [{ transferId: 'in-c-back', sessionId: 's2', amount: 300 }],
      applying: [],
      applied: [],
      takingBack: [],
      unsettled: [],
      closes: [],
    });
    expect(j.settledReturned('in-c')).toBeUndefined();
  });

  it('a take-back is saved before it leaves, each under an id of its own; one the cabinet refused leaves the cash-in applied, credit in doubt', () => {
    const { j, saves } = journal();
    j.applied('in-1', 300);
    expect(j.takeBackSent('in-1', { voided: true, sessionId: 's2' })).toEqual({
      amount: 300,
      sessionId: 's2',
      voided: true,
      takeBackId: 'in-1-takeback1',
    });
    expect(saves.at(-1)).toMatchObject({ applied: {}, takingBack: { 'in-1': { takeBackId: 'in-1-takeback1' } }, takeBackSerial: 1 });
    expect(j.creditInDoubt).toBe(true);
    j.takeBackResolved('in-1', false);
    expect(j.appliedAmount('in-1')).toBe(300);
    expect(j.takeBackSent('in-1', { voided: true, sessionId: 's2' }).takeBackId).toBe('in-1-takeback2');
    j.takeBackResolved('in-1', true);
    expect({ owed: j.owedCount, inDoubt: j.creditInDoubt }).toEqual({ owed: 0, inDoubt: false });
  });

  it(`remembers the last ${TRANSFER_MEMORY} completed cash-ins, the same after a restart`, () => {
    const { j } = journal();
    for (let n = 1; n <= TRANSFER_MEMORY + 5; n++) {
      j.applied(`in-${n}`, n);
      j.posted(`in-${n}`, { credit: n, balance: 0 });
    }
    expect(j.completed('in-5')).toBeUndefined();
    expect(j.completed('in-6')).toEqual({ credit: 6, balance: 0 });
    const restarted = journal(structuredClone(j.toState())).j;
    expect(Object.keys(restarted.toState().transfers)).toHaveLength(TRANSFER_MEMORY);
    expect(restarted.completed('in-6')).toEqual({ credit: 6, balance: 0 });
    // The oldest goes first after the restart too.
    restarted.applied('in-new', 1);
    restarted.posted('in-new', { credit: 1, balance: 0 });
    expect(restarted.completed('in-6')).toBeUndefined();
    expect(restarted.completed('in-7')).toBeDefined();
  });

  it('hands out copies of what is owed, so recovery can work through them while they change', () => {
    const { j } = journal();
    const out = j.cashOutTaken(1, 's', 10);
    const owed = j.owed();
    j.cashOutConfirmed(out.transferId);
    expect(owed.cashOuts).toEqual([out]);
    expect(j.owed().cashOuts).toEqual([]);
  });
});
