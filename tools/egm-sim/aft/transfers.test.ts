import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainExceptions, testCabinet } from '../machine/cabinet-test-helpers.ts';
import { TransferStatus } from './aft-machine.ts';
import { transferRequest } from './aft-test-helpers.ts';
import type { TransferReply } from './transfers.ts';

beforeEach(() => void vi.useFakeTimers({ now: new Date(2026, 10, 27, 13, 14, 15) }));
afterEach(() => void vi.useRealTimers());

function ready(overrides = {}) {
  const test = testCabinet(overrides);
  test.cabinet.powerUp();
  drainExceptions(test.cabinet);
  return test;
}

function record(reply: TransferReply) {
  if (reply.kind !== 'record') throw new Error(`expected a transfer record, got ${reply.kind}`);
  return reply;
}

/** Interrogates with code FF and acknowledges the answer, as a host's next poll would. */
function acknowledge(cabinet: ReturnType<typeof ready>['cabinet']) {
  const reply = record(cabinet.transfers.interrogate(0, true));
  reply.onAck?.();
  return reply.record;
}

describe('an AFT transfer in-house to the machine', () => {
  it('puts the amount on the credit meter at once, in the same NVRAM write as its final status, and raises 69', () => {
    const { cabinet, saved } = ready({ denominationCents: 5 });
    const transfer = record(cabinet.transfers.request(transferRequest(2500))).record;
    expect(transfer).toMatchObject({ status: TransferStatus.FullSuccess, cashableCents: 2500, position: 1, cumulativeCents: 2500 });
    expect(transfer.completedAt).toBe(Date.now());
    expect(saved.at(-1)).toMatchObject({ credits: 500, meters: { aftInCents: 2500, aftInCount: 1, drop: 500 } });
    expect(saved.at(-1)!.aft.current).toMatchObject({ status: 0x00 });
    expect(drainExceptions(cabinet)).toEqual([0x69]);
  });

  it('stays the current transaction until the host interrogates with code FF; then it joins the history', () => {
    const { cabinet } = ready();
    cabinet.transfers.request(transferRequest(100));
    expect(cabinet.transfers.request(transferRequest(200, { transactionId: 'RC-2' }))).toEqual({
      kind: 'short',
      status: TransferStatus.NotCompatible,
    });
    // Code FE only looks.
    expect(record(cabinet.transfers.interrogate(0, false)).onAck).toBeUndefined();
    expect(acknowledge(cabinet)).toMatchObject({ transactionId: 'RC-1', acknowledged: true, position: 1 });
    expect(cabinet.state.aft.history).toHaveLength(1);
    expect(record(cabinet.transfers.request(transferRequest(200, { transactionId: 'RC-2' }))).record.status).toBe(0x00);
    expect(cabinet.state.credits).toBe(300);
  });

  it('answers the same request again (the host lost the answer) with its status, and does not do it twice', () => {
    const { cabinet } = ready();
    cabinet.transfers.request(transferRequest(100));
    expect(record(cabinet.transfers.request(transferRequest(100))).record).toMatchObject({ transactionId: 'RC-1', status: 0x00 });
    expect(cabinet.state.credits).toBe(100);
    acknowledge(cabinet);
    expect(record(cabinet.transfers.request(transferRequest(100))).record.status).toBe(TransferStatus.IdNotUnique);
    expect(cabinet.state.credits).toBe(100);
  });

  it('raises 69 again every re-issue period until the host acknowledges the transfer', () => {
    const { cabinet } = ready({ reissueMs: 15_000 });
    cabinet.transfers.request(transferRequest(100));
    expect(drainExceptions(cabinet)).toEqual([0x69]);
    vi.advanceTimersByTime(15_000);
    expect(drainExceptions(cabinet)).toEqual([0x69]);
    acknowledge(cabinet);
    vi.advanceTimersByTime(15_000);
    expect(drainExceptions(cabinet)).toEqual([]);
  });

  it.each([
    ['the transaction index is not 0', { index: 1 }, TransferStatus.NotValidFunction],
    ['the type is a bonus', { type: 0x10 }, TransferStatus.NotValidFunction],
    ['the transaction ID is empty', { transactionId: null }, TransferStatus.IdNotValid],
    ['the transaction ID has a control character', { transactionId: 'A\u0001' }, TransferStatus.IdNotValid],
    ['the asset number is another machine', { assetNumber: 2 }, TransferStatus.AssetMismatch],
    ['a lock is required and the game is not locked', { flags: 0x40 }, TransferStatus.NotLocked],
    ['a registration key is given and the machine is not registered', { registrationKey: '11'.repeat(20) }, TransferStatus.NotRegistered],
    ['the amount is not BCD', { cashableCents: null }, TransferStatus.NotValidAmount],
    ['a restricted amount is asked for', { restrictedCents: 100 }, TransferStatus.NotValidFunction],
    ['the amount is not a multiple of the denomination', { cashableCents: 105 }, TransferStatus.NotDenominationMultiple],
    ['the amount is above the transfer limit', { cashableCents: 2000 }, TransferStatus.ExceedsLimit],
  ])('is refused when %s, moving no money', (_case, overrides, status) => {
    const { cabinet } = ready({ denominationCents: 10, transferLimitCents: 1000 });
    const refused = record(cabinet.transfers.request(transferRequest(100, overrides))).record;
    expect(refused).toMatchObject({ status, cashableCents: 0, acknowledged: true });
    expect(cabinet.state.credits).toBe(0);
    expect(drainExceptions(cabinet)).toEqual([]);
    // A refusal is final: the next transfer may follow at once.
    expect(record(cabinet.transfers.request(transferRequest(100, { transactionId: 'RC-9' }))).record.status).toBe(0x00);
  });

  it('is refused (87) while play is disabled, a game is played, the door is open or a hand pay is pending', () => {
    const { cabinet } = ready();
    cabinet.setPlayEnabled(false);
    expect(record(cabinet.transfers.request(transferRequest(100))).record.status).toBe(TransferStatus.UnableNow);
    cabinet.setPlayEnabled(true);
    cabinet.setDoor(true);
    expect(record(cabinet.transfers.request(transferRequest(100, { transactionId: 'B' }))).record.status).toBe(TransferStatus.UnableNow);
    cabinet.setDoor(false);
    cabinet.floorHandPay(10);
    expect(record(cabinet.transfers.request(transferRequest(100, { transactionId: 'C' }))).record.status).toBe(TransferStatus.UnableNow);
  });

  it('with partial transfers allowed, takes what fits under the credit limit (01)', () => {
    const { cabinet } = ready({ creditLimitCents: 1000 });
    cabinet.state.credits = 900;
    expect(record(cabinet.transfers.request(transferRequest(500, { code: 0x00 }))).record.status).toBe(TransferStatus.ExceedsLimit);
    const partial = record(cabinet.transfers.request(transferRequest(500, { code: 0x01, transactionId: 'P' }))).record;
    expect(partial).toMatchObject({ status: TransferStatus.PartialSuccess, requestedCents: 500, cashableCents: 100 });
    expect(cabinet.state.credits).toBe(1000);
  });
});

describe('an AFT transfer in-house to the host', () => {
  it('takes the credits off the meter and counts the AFT out meters', () => {
    const { cabinet } = ready();
    cabinet.state.credits = 750;
    const out = record(cabinet.transfers.request(transferRequest(750, { type: 0x80, transactionId: 'OUT-1' }))).record;
    expect(out).toMatchObject({ status: 0x00, type: 0x80, cashableCents: 750, cumulativeCents: 750 });
    expect(cabinet.state.credits).toBe(0);
    expect(cabinet.state.meters).toMatchObject({ aftOutCents: 750, aftOutCount: 1 });
  });

  it('refuses a full transfer of more than the credits (82), and with partial allowed takes what there is', () => {
    const { cabinet } = ready();
    cabinet.state.credits = 300;
    expect(record(cabinet.transfers.request(transferRequest(500, { type: 0x80 }))).record.status).toBe(TransferStatus.NotValidFunction);
    const partial = record(cabinet.transfers.request(transferRequest(500, { type: 0x80, code: 0x01, transactionId: 'P' }))).record;
    expect(partial).toMatchObject({ status: TransferStatus.PartialSuccess, cashableCents: 300 });
    expect(cabinet.state.credits).toBe(0);
  });

  it('is allowed while play is disabled by the host (a seat closing), not during a game', () => {
    const { cabinet } = ready({ gameMs: 100 });
    cabinet.state.credits = 10;
    cabinet.press('play');
    expect(record(cabinet.transfers.request(transferRequest(9, { type: 0x80 }))).record.status).toBe(TransferStatus.UnableNow);
    vi.advanceTimersByTime(100);
    cabinet.setPlayEnabled(false);
    const credits = cabinet.state.credits;
    const out = record(cabinet.transfers.request(transferRequest(credits, { type: 0x80, transactionId: 'OUT-2' }))).record;
    expect(out.status).toBe(0x00);
  });
});

describe('a transfer held pending (fault injection)', () => {
  it('answers 40 with no date or meters, stays pending for the polls asked for, then becomes final and raises 69', () => {
    const { cabinet, faults } = ready();
    faults.holdNextTransfer(2);
    const pending = record(cabinet.transfers.request(transferRequest(100))).record;
    expect(pending).toMatchObject({ status: TransferStatus.Pending, cashableCents: 100, completedAt: null });
    expect(cabinet.state.credits).toBe(0);
    expect(cabinet.whyNoGame(0)).toBe('AFT lock or transfer in progress');
    cabinet.onPollAddressed();
    cabinet.onPollAddressed();
    expect(cabinet.transfers.current!.status).toBe(TransferStatus.Pending);
    expect(drainExceptions(cabinet)).toEqual([]);
    cabinet.onPollAddressed();
    expect(cabinet.transfers.current).toMatchObject({ status: 0x00, cashableCents: 100 });
    expect(cabinet.state.credits).toBe(100);
    expect(drainExceptions(cabinet)).toEqual([0x69]);
  });

  it('can be cancelled by the host (code 80) while pending: status 80, nothing moved', () => {
    const { cabinet, faults } = ready();
    faults.holdNextTransfer(5);
    cabinet.transfers.request(transferRequest(100));
    expect(record(cabinet.transfers.cancel()).record).toMatchObject({ status: TransferStatus.CancelledByHost, cashableCents: 0 });
    expect(cabinet.state.credits).toBe(0);
    expect(drainExceptions(cabinet)).toEqual([0x69]);
  });

  it('after a power loss ends as failed (9F) if it had not moved the money, and is reported with 69', () => {
    const { cabinet, faults, saved } = ready();
    faults.holdNextTransfer(5);
    cabinet.transfers.request(transferRequest(100));
    cabinet.powerLost();
    const after = testCabinet({}, structuredClone(saved.at(-1)!)).cabinet;
    after.powerUp();
    expect(after.transfers.current).toMatchObject({ status: TransferStatus.UnexpectedError, cashableCents: 0 });
    expect(after.state.credits).toBe(0);
    expect(drainExceptions(after)).toEqual([0x69, 0x18, 0x17]);
  });
});

describe('the history buffer', () => {
  it('answers absolute positions (01-7F) and relative indexes (FF the newest), and FF status for an empty position', () => {
    const { cabinet } = ready({ historySize: 3 });
    for (const id of ['A', 'B', 'C', 'D']) {
      cabinet.transfers.request(transferRequest(10, { transactionId: id }));
      acknowledge(cabinet);
    }
    const at = (index: number) => {
      const reply = cabinet.transfers.interrogate(index, false);
      return reply.kind === 'record' ? reply.record.transactionId : reply.kind;
    };
    // Four transfers in three positions: D took position 1 again.
    expect([at(1), at(2), at(3)]).toEqual(['D', 'B', 'C']);
    expect([at(0xff), at(0xfe), at(0xfd), at(0xfc)]).toEqual(['D', 'C', 'B', 'noInformation']);
    expect(cabinet.transfers.interrogate(0x7f, false)).toEqual({ kind: 'noInformation', index: 0x7f });
  });

  it('has nothing to say before the first transfer', () => {
    const { cabinet } = ready();
    expect(cabinet.transfers.interrogate(0, true)).toEqual({ kind: 'noInformation', index: 0 });
  });
});

describe('the cumulative meter in a transfer answer', () => {
  it('rolls over past its 5 BCD bytes instead of failing the answer', async () => {
    const { encodeTransfer } = await import('./aft-codec.ts');
    const { cabinet } = ready();
    cabinet.state.meters.aftInCents = 9_999_999_990;
    const transfer = record(cabinet.transfers.request(transferRequest(100))).record;
    expect(transfer.cumulativeCents).toBe(10_000_000_090);
    expect([...encodeTransfer(1, transfer).slice(-20, -14)]).toEqual([0x05, 0x00, 0x00, 0x00, 0x00, 0x90]);
  });
});
