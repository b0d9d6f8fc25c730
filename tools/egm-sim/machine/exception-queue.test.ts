import { describe, expect, it } from 'vitest';
import { ExceptionQueue } from './exception-queue.ts';
import { freshState } from './state.ts';

const queue = (capacity = 20, overflow: 'discard-oldest' | 'discard-newest' = 'discard-oldest') =>
  new ExceptionQueue(freshState(1).exceptions, capacity, overflow);

function drain(exceptions: ExceptionQueue): number[] {
  const codes: number[] = [];
  for (let reported = exceptions.next(); reported.code !== 0; reported = exceptions.next()) {
    codes.push(reported.code);
    reported.acknowledge();
  }
  return codes;
}

describe('the general poll exception queue', () => {
  it('reports 00 when empty, and keeps an exception until it is acknowledged', () => {
    const exceptions = queue();
    expect(exceptions.next().code).toBe(0x00);
    exceptions.add(0x7e);
    expect(exceptions.next().code).toBe(0x7e);
    expect(exceptions.next().code).toBe(0x7e);
    exceptions.next().acknowledge();
    expect(exceptions.next().code).toBe(0x00);
  });

  it('reports events first in, first out', () => {
    const exceptions = queue();
    for (const code of [0x11, 0x7e, 0x12, 0x7f]) exceptions.add(code);
    expect(drain(exceptions)).toEqual([0x11, 0x7e, 0x12, 0x7f]);
  });

  it('reports priority exceptions before the queue, in the order of SAS 6.02 section 2.2.1, each once however often raised', () => {
    const exceptions = queue();
    for (const code of [0x7e, 0x52, 0x69, 0x51, 0x6f, 0x69, 0x7f]) exceptions.add(code);
    expect(drain(exceptions)).toEqual([0x6f, 0x69, 0x51, 0x52, 0x7e, 0x7f]);
  });

  it('on overflow drops the oldest event and raises 70 (buffer overflow) ahead of the rest', () => {
    const exceptions = queue(3);
    for (const code of [0x11, 0x12, 0x7e, 0x7f]) exceptions.add(code);
    expect(drain(exceptions)).toEqual([0x70, 0x12, 0x7e, 0x7f]);
  });

  it('set to discard the newest, keeps the queue as it was and raises 70', () => {
    const exceptions = queue(3, 'discard-newest');
    for (const code of [0x11, 0x12, 0x7e, 0x7f]) exceptions.add(code);
    expect(drain(exceptions)).toEqual([0x70, 0x11, 0x12, 0x7e]);
  });

  it('never loses a priority exception to an overflow', () => {
    const exceptions = queue(2);
    exceptions.add(0x51);
    for (const code of [0x11, 0x12, 0x11, 0x12, 0x11]) exceptions.add(code);
    expect(drain(exceptions)).toEqual([0x51, 0x70, 0x12, 0x11]);
  });

  it('removes what it reported when acknowledged, even when the queue moved in between', () => {
    const exceptions = queue(2);
    exceptions.add(0x11);
    exceptions.add(0x12);
    const reported = exceptions.next();
    expect(reported.code).toBe(0x11);
    // The reported event is pushed out by an overflow before the host acknowledges it.
    exceptions.add(0x7e);
    reported.acknowledge();
    expect(drain(exceptions)).toEqual([0x70, 0x12, 0x7e]);
  });
});
