import { describe, expect, it } from 'vitest';
import type { Poll } from './poll-reader.ts';
import { SasSession, type SasMachine } from './sas-session.ts';

/** A machine with a queue of exception codes and a counter answered by long poll 1A. */
function fakeMachine() {
  const seen = { exceptions: [0x7e, 0x7f], credits: 0, polls: 0 };
  const machine: SasMachine = {
    answerGeneralPoll: () => ({ bytes: Uint8Array.of(seen.exceptions[0] ?? 0), onAck: () => void seen.exceptions.shift() }),
    answerLongPoll: (frame) => {
      seen.credits++;
      return { bytes: Uint8Array.of(frame[0]!, frame[1]!, seen.credits) };
    },
    onPollAddressed: () => void seen.polls++,
  };
  return Object.assign(seen, machine);
}

const general = (address = 1): Poll => ({ kind: 'general', address });
const long = (command: number): Poll => ({ kind: 'long', address: 1, frame: Uint8Array.of(1, command), crcValid: null });
const answer = (session: SasSession, poll: Poll, at = 0): number[] | null => {
  const bytes = session.receive(poll, at);
  return bytes === null ? null : [...bytes];
};

describe('the machine side of SAS acknowledgements', () => {
  it('answers nothing until it has seen a poll to another address, then answers', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: true, linkDownMs: 5000 });
    expect(answer(session, general())).toBeNull();
    expect(answer(session, long(0x1a))).toBeNull();
    expect(machine.polls).toBe(0);
    expect(answer(session, general(0))).toBeNull();
    expect(answer(session, general())).toEqual([0x7e]);
  });

  it('sends the same exception again for the same general poll (implied NACK), the next after any other poll (implied ACK)', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    expect(answer(session, general())).toEqual([0x7e]);
    expect(answer(session, general())).toEqual([0x7e]);
    expect(machine.exceptions).toEqual([0x7e, 0x7f]);
    expect(answer(session, general(2))).toBeNull();
    expect(machine.exceptions).toEqual([0x7f]);
    expect(answer(session, general())).toEqual([0x7f]);
    expect(answer(session, long(0x1a))).toEqual([1, 0x1a, 1]);
    expect(machine.exceptions).toEqual([]);
  });

  it('answers an idle machine’s general polls one after another, each with 00: no activity waits for no acknowledgement', () => {
    const machine = fakeMachine();
    machine.exceptions.length = 0;
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    expect([1, 2, 3, 4].map(() => answer(session, general()))).toEqual([[0x00], [0x00], [0x00], [0x00]]);
    machine.exceptions.push(0x7e);
    expect([answer(session, general()), answer(session, general())]).toEqual([[0x7e], [0x7e]]);
  });

  it('answers the second repeat of a poll (the final NACK) with nothing, and takes the poll after it as new', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    expect(answer(session, long(0x72))).toEqual([1, 0x72, 1]);
    expect(answer(session, long(0x72))).toEqual([1, 0x72, 1]);
    expect(answer(session, long(0x72))).toBeNull();
    expect(answer(session, long(0x72))).toEqual([1, 0x72, 2]);
    // An exception dropped by the final NACK was never acknowledged: it is reported again.
    expect([answer(session, general()), answer(session, general()), answer(session, general())]).toEqual([[0x7e], [0x7e], null]);
    expect(answer(session, general())).toEqual([0x7e]);
    expect(machine.exceptions).toEqual([0x7e, 0x7f]);
  });

  it('sends the same long poll answer again, without doing the poll again, for a long poll with the same command', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    expect(answer(session, long(0x72))).toEqual([1, 0x72, 1]);
    expect(answer(session, long(0x72))).toEqual([1, 0x72, 1]);
    expect(machine.credits).toBe(1);
    expect(answer(session, long(0x1a))).toEqual([1, 0x1a, 2]);
    expect(answer(session, long(0x72))).toEqual([1, 0x72, 3]);
  });

  it('NACKs a long poll whose CRC is wrong with its address and bit 7, and keeps what it was holding', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    expect(answer(session, general())).toEqual([0x7e]);
    expect(answer(session, { kind: 'long', address: 1, frame: Uint8Array.of(1, 1, 0, 0), crcValid: false })).toEqual([0x81]);
    expect(machine.exceptions).toEqual([0x7e, 0x7f]);
    expect(answer(session, general())).toEqual([0x7e]);
  });

  it('takes an unknown long poll as an acknowledgement, and answers it with silence', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    expect(answer(session, general())).toEqual([0x7e]);
    expect(answer(session, { kind: 'unsupported', address: 1, command: 0x4d })).toBeNull();
    expect(machine.exceptions).toEqual([0x7f]);
  });

  it('after a silence longer than the link-down time, neither acknowledges what it sent nor answers before synchronising again', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: true, linkDownMs: 5000 });
    answer(session, general(0), 0);
    expect(answer(session, general(), 10)).toEqual([0x7e]);
    expect(answer(session, general(), 5011)).toBeNull();
    expect(session.isSynced).toBe(false);
    answer(session, general(0), 5012);
    expect(machine.exceptions).toEqual([0x7e, 0x7f]);
    expect(answer(session, general(), 5013)).toEqual([0x7e]);
  });

  it('counts every poll addressed to it once it is synchronised, answered or not', () => {
    const machine = fakeMachine();
    const session = new SasSession(machine, { address: 1, requireSync: false, linkDownMs: 5000 });
    answer(session, general());
    answer(session, general());
    answer(session, { kind: 'unsupported', address: 1, command: 0x4d });
    answer(session, general(3));
    expect(machine.polls).toBe(3);
  });
});
