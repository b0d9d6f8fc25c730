// Test helper (not a test file): the platform's money calls as a small ledger in memory, whose calls
// can be scripted to fail the ways a network fails.
import { ErrorCode, type MachineTransferAnswer } from '@reelcast/protocol';
import { closedSession } from './host-test-helpers.ts';
import { PlatformRefusal } from './platform-client.ts';
import type { MoneyPlatform } from './seat-money.ts';

type MoneyCall = 'reserveCashIn' | 'postCashIn' | 'voidCashIn' | 'cashOut' | 'settle' | 'closeSession' | 'seatHeld';

/**
 * `unreachable`: the call never reaches the ledger; `answer-lost`: the ledger does it, the answer never
 * comes back (the agent cannot tell the two apart).
 */
export type Fault = 'unreachable' | 'answer-lost';

export function fakeLedger(balance: number) {
  const ledger = {
    balance,
    cashIns: new Map<string, { amount: number; status: 'reserved' | 'posted' | 'voided' }>(),
    cashOuts: new Map<string, number>(),
    settlements: new Map<string, number>(),
    /** Hand pays asked with `confirm: 'staff'` that no member confirmed yet. */
    waiting: new Map<string, number>(),
    closed: [] as string[],
    calls: [] as MoneyCall[],
  };
  const faults = new Map<MoneyCall, Fault[]>();
  /** The next `times` calls of `call` fail with `fault`. */
  const fail = (call: MoneyCall, fault: Fault, times = 1) =>
    faults.set(call, [...(faults.get(call) ?? []), ...Array<Fault>(times).fill(fault)]);

  async function run<T>(call: MoneyCall, work: () => T): Promise<T> {
    ledger.calls.push(call);
    const fault = faults.get(call)?.shift();
    if (fault === 'unreachable') throw new Error(`fetch failed (${call})`);
    const answer = work();
    if (fault === 'answer-lost') throw new Error(`socket hang up (${call})`);
    return answer;
  }
  const answer = (
    transferId: string,
    direction: 'in' | 'out',
    amount: number,
    status: MachineTransferAnswer['status'],
  ): MachineTransferAnswer => ({ transferId, direction, amount, status, balance: ledger.balance, deadline: new Date(0).toISOString() });
  const resolved = () => new PlatformRefusal(409, ErrorCode.TransferResolved, 'The transfer is already resolved.');

  const platform: MoneyPlatform = {
    sessionBalance: () => Promise.resolve(ledger.balance),
    reserveCashIn: (transferId, _sessionId, amount) =>
      run('reserveCashIn', () => {
        const known = ledger.cashIns.get(transferId);
        if (known) return answer(transferId, 'in', amount, known.status);
        ledger.balance -= amount;
        ledger.cashIns.set(transferId, { amount, status: 'reserved' });
        return answer(transferId, 'in', amount, 'reserved');
      }),
    postCashIn: (transferId) =>
      run('postCashIn', () => {
        const known = ledger.cashIns.get(transferId)!;
        if (known.status === 'voided') throw resolved();
        known.status = 'posted';
        return answer(transferId, 'in', known.amount, 'posted');
      }),
    voidCashIn: (transferId) =>
      run('voidCashIn', () => {
        const known = ledger.cashIns.get(transferId)!;
        if (known.status === 'posted') throw resolved();
        if (known.status === 'reserved') ledger.balance += known.amount;
        known.status = 'voided';
        return answer(transferId, 'in', known.amount, 'voided');
      }),
    cashOut: (transferId, _sessionId, amount) =>
      run('cashOut', () => {
        if (!ledger.cashOuts.has(transferId)) {
          ledger.cashOuts.set(transferId, amount);
          ledger.balance += amount;
        }
        return answer(transferId, 'out', amount, 'posted');
      }),
    settle: (request) =>
      run('settle', () => {
        if (request.confirm === 'staff' && !ledger.settlements.has(request.settlementId)) {
          ledger.waiting.set(request.settlementId, request.amount);
          return { settlementId: request.settlementId, balance: ledger.balance, pending: true as const };
        }
        if (!ledger.settlements.has(request.settlementId)) {
          ledger.settlements.set(request.settlementId, request.amount);
          ledger.balance += request.amount;
        }
        return { settlementId: request.settlementId, balance: ledger.balance };
      }),
    closeSession: (sessionId, figures) =>
      run('closeSession', () => {
        ledger.closed.push(sessionId);
        return closedSession(sessionId, figures);
      }),
    // It opens no seat of its own, so a claim closes nothing.
    seatHeld: () => run('seatHeld', () => ({ closed: [] })),
  };
  /** A member confirms a waiting hand pay in the console: the platform pays it. */
  const confirm = (settlementId: string) => {
    const amount = ledger.waiting.get(settlementId)!;
    ledger.waiting.delete(settlementId);
    ledger.settlements.set(settlementId, amount);
    ledger.balance += amount;
  };
  return { platform, ledger, fail, confirm };
}
