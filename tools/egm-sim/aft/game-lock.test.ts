import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainExceptions, testCabinet } from '../machine/cabinet-test-helpers.ts';
import { transferRequest } from './aft-test-helpers.ts';
import { LockStatus } from './game-lock.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function ready(credits = 0) {
  const test = testCabinet({ gameMs: 100 });
  test.cabinet.state.credits = credits;
  test.cabinet.powerUp();
  drainExceptions(test.cabinet);
  return test.cabinet;
}

describe('the AFT game lock (long poll 74)', () => {
  it('locks at once when it can (6F), stops play, and lets go when its timeout runs out', () => {
    const cabinet = ready(10);
    cabinet.lock.request(0x01, 150);
    expect(cabinet.lock.lockStatus).toBe(LockStatus.Locked);
    expect(drainExceptions(cabinet)).toEqual([0x6f]);
    cabinet.press('play');
    expect(cabinet.state.meters.gamesPlayed).toBe(0);
    vi.advanceTimersByTime(1499);
    expect(cabinet.lock.isLocked).toBe(true);
    vi.advanceTimersByTime(1);
    expect(cabinet.lock.lockStatus).toBe(LockStatus.NotLocked);
  });

  it('is pending during a game and taken when the game ends', () => {
    const cabinet = ready(10);
    cabinet.press('play');
    cabinet.lock.request(0x00, 1000);
    expect(cabinet.lock.lockStatus).toBe(LockStatus.Pending);
    vi.advanceTimersByTime(100);
    expect(cabinet.lock.lockStatus).toBe(LockStatus.Locked);
    // 6F is a priority exception: it goes ahead of the queued 7E.
    expect(drainExceptions(cabinet)).toEqual([0x6f, 0x7e, 0x7f]);
  });

  it('waits for the conditions asked for: "transfer from the machine" needs credits on it', () => {
    const cabinet = ready(0);
    cabinet.lock.request(0x02, 1000);
    expect(cabinet.lock.lockStatus).toBe(LockStatus.Pending);
    expect(cabinet.lock.availableTransfers()).toBe(0x01);
  });

  it('ends when a transfer completes, or when the host cancels it (code 80 → release)', () => {
    const cabinet = ready(0);
    cabinet.lock.request(0x01, 1000);
    cabinet.transfers.request(transferRequest(100, { flags: 0x40 }));
    expect(cabinet.transfers.current!.status).toBe(0x00);
    expect(cabinet.lock.isLocked).toBe(false);
    cabinet.lock.request(0x00, 1000);
    cabinet.lock.release();
    expect(cabinet.lock.lockStatus).toBe(LockStatus.NotLocked);
  });

  it('takes a zero timeout as a cancel', () => {
    const cabinet = ready(0);
    cabinet.lock.request(0x01, 1000);
    cabinet.lock.request(0x01, 0);
    expect(cabinet.lock.lockStatus).toBe(LockStatus.NotLocked);
  });
});
