import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainExceptions, testCabinet } from '../machine/cabinet-test-helpers.ts';
import { hasValidCrc, withCrc } from '../link/crc.ts';
import { answerLongPoll } from './long-polls.ts';

beforeEach(() => void vi.useFakeTimers({ now: new Date(2026, 10, 27, 13, 14, 15) }));
afterEach(() => void vi.useRealTimers());

const hex = (bytes: Uint8Array | null | undefined): string =>
  bytes === null || bytes === undefined
    ? 'no answer'
    : Buffer.from(bytes)
        .toString('hex')
        .replace(/(..)(?!$)/g, '$1 ');
const frame = (text: string): Uint8Array => Uint8Array.from(text.split(' ').map((pair) => parseInt(pair, 16)));
const withCrcHex = (text: string): string => hex(withCrc(frame(text)));

function machine(overrides = {}) {
  const test = testCabinet({ assetNumber: 0x1234, serialNumber: 'SN42', maxBet: 5, ...overrides });
  test.cabinet.powerUp();
  drainExceptions(test.cabinet);
  return test.cabinet;
}

function ask(cabinet: ReturnType<typeof machine>, poll: string, crc = false): string {
  const bytes = crc ? withCrc(frame(poll)) : frame(poll);
  return hex(answerLongPoll(cabinet, bytes, () => {})?.bytes);
}

describe('long polls 01 and 02', () => {
  it('disable and enable play, and are acknowledged with the address alone', () => {
    const cabinet = machine();
    expect(ask(cabinet, '01 01', true)).toBe('01');
    expect(cabinet.state.playEnabled).toBe(false);
    expect(ask(cabinet, '01 02', true)).toBe('01');
    expect(cabinet.state.playEnabled).toBe(true);
  });
});

describe('meter long polls', () => {
  function played() {
    const cabinet = machine();
    Object.assign(cabinet.state.meters, { coinIn: 1234, coinOut: 567, jackpot: 89, cancelledCredits: 12, gamesPlayed: 40, gamesWon: 15 });
    Object.assign(cabinet.state.meters, {
      gamesLost: 25,
      drop: 3000,
      aftInCents: 300000,
      aftInCount: 3,
      aftOutCents: 123456,
      aftOutCount: 2,
    });
    cabinet.state.credits = 98765;
    return cabinet;
  }

  it('1A answers the credit meter in 4-byte BCD', () => {
    expect(ask(played(), '01 1a')).toBe(withCrcHex('01 1a 00 09 87 65'));
  });

  it('0F answers canceled credits, coin in, coin out, drop, jackpot and games played', () => {
    expect(ask(played(), '01 0f')).toBe(withCrcHex('01 0f 00 00 00 12 00 00 12 34 00 00 05 67 00 00 30 00 00 00 00 89 00 00 00 40'));
  });

  it('10 to 17 answer one meter each', () => {
    const cabinet = played();
    expect(ask(cabinet, '01 11')).toBe(withCrcHex('01 11 00 00 12 34'));
    expect(ask(cabinet, '01 15')).toBe(withCrcHex('01 15 00 00 00 40'));
    expect(ask(cabinet, '01 17')).toBe(withCrcHex('01 17 00 00 00 25'));
  });

  it('2F answers each meter code asked for at its minimum size, leaving out codes it does not keep', () => {
    const answer = ask(played(), '01 2f 07 00 00 00 05 a0 b8 ff', true);
    expect(answer).toBe(withCrcHex('01 2f 18 00 00 00 00 00 12 34 05 00 00 00 40 a0 00 00 30 00 00 b8 00 00 12 34 56'));
  });

  it('2F for a game this machine does not have gets no answer', () => {
    expect(ask(played(), '01 2f 03 00 02 00', true)).toBe('no answer');
  });

  it('6F and AF answer two-byte codes with a size byte, size 0 for a meter it does not keep', () => {
    const answer = ask(played(), '01 6f 08 00 00 a0 00 a1 00 23 01', true);
    expect(answer).toBe(withCrcHex('01 6f 14 00 00 a0 00 05 00 00 30 00 00 a1 00 04 00 00 00 03 23 01 00'));
    expect(ask(played(), '01 af 04 00 00 0c 00', true)).toBe(withCrcHex('01 af 09 00 00 0c 00 04 00 09 87 65'));
  });
});

describe('information long polls', () => {
  it('54 answers SAS version 602 and the serial number', () => {
    expect(ask(machine(), '01 54')).toBe(withCrcHex(`01 54 07 36 30 32 ${hex(Buffer.from('SN42'))}`));
  });

  it('1F answers game ID, additional ID, denomination code, max bet, progressive group, options, paytable ID and base %', () => {
    const answer = answerLongPoll(machine({ denominationCents: 25 }), frame('01 1f'), () => {})!.bytes;
    expect(hasValidCrc(answer)).toBe(true);
    expect(answer.length).toBe(2 + 20 + 2);
    expect(Buffer.from(answer.subarray(2, 7)).toString('latin1')).toBe('RC000');
    expect([...answer.subarray(7, 12)]).toEqual([0x04, 5, 0, 0, 0]);
    expect(Buffer.from(answer.subarray(12, 22)).toString('latin1')).toMatch(/^RCSIM1\d{4}$/);
  });

  it('1B answers the pending hand pay in credits (level 40 a win, 80 canceled credits), all zeros when there is none', () => {
    const cabinet = machine();
    expect(ask(cabinet, '01 1b')).toBe(withCrcHex(`01 1b ${'00 '.repeat(19)}00`));
    cabinet.floorHandPay(123456);
    expect(ask(cabinet, '01 1b')).toBe(withCrcHex(`01 1b 00 40 00 00 12 34 56 00 00 00 ${'00 '.repeat(9)}00`));
  });

  it('94 resets a pending hand pay (00) or says there is none (02)', () => {
    const cabinet = machine();
    expect(ask(cabinet, '01 94', true)).toBe(withCrcHex('01 94 02'));
    cabinet.floorHandPay(10);
    expect(ask(cabinet, '01 94', true)).toBe(withCrcHex('01 94 00'));
    expect(cabinet.state.handPay).toBeNull();
  });
});

describe('AFT long polls', () => {
  it('73 with code FF reads the registration: status, asset number (least significant first), key and POS ID', () => {
    expect(ask(machine(), '01 73 01 ff', true)).toBe(withCrcHex(`01 73 1d 80 34 12 00 00 ${'00 '.repeat(20)}00 00 00 00`));
  });

  it('73 initialize then register', () => {
    const cabinet = machine();
    const key = '11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff 00 11 22 33 44';
    expect(ask(cabinet, `01 73 1d 00 34 12 00 00 ${key} 00 00 00 00`, true).split(' ')[3]).toBe('00');
    expect(ask(cabinet, `01 73 1d 01 34 12 00 00 ${key} 07 00 00 00`, true)).toBe(withCrcHex(`01 73 1d 01 34 12 00 00 ${key} 07 00 00 00`));
  });

  it('74 with code FF reports the lock, what may be transferred, AFT status, buffer size, credits and transfer limit', () => {
    const cabinet = machine({ denominationCents: 5, transferLimitCents: 100000, creditLimitCents: 50000 });
    cabinet.state.credits = 2000;
    expect(ask(cabinet, '01 74 ff 00 00 00', true)).toBe(
      withCrcHex('01 74 23 34 12 00 00 ff 03 00 92 7f 00 00 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00 00'),
    );
  });

  it('74 reports cash-out to the host as on (host cashout status 02) when the cash-out button asks the host', () => {
    expect(ask(machine({ cashOutTo: 'host' }), '01 74 ff 00 00 00', true).split(' ')[9]).toBe('02');
  });

  it('74 with code 00 locks the game for the time given (BCD hundredths) and reports it locked', () => {
    const cabinet = machine();
    expect(ask(cabinet, '01 74 00 01 10 00', true).split(' ')[7]).toBe('00');
    expect(drainExceptions(cabinet)).toEqual([0x6f]);
    vi.advanceTimersByTime(10_000);
    expect(ask(cabinet, '01 74 ff 00 00 00', true).split(' ')[7]).toBe('ff');
  });

  it('72 answers a transfer with the full record: position, status, receipt, type, amounts, flags, asset, ID, date, time, meters', () => {
    const cabinet = machine();
    const request = `01 72 37 00 00 00 00 00 00 25 00 ${'00 '.repeat(10)}00 34 12 00 00 ${'00 '.repeat(20)}04 52 43 2d 31 00 00 00 00 00 00 00`;
    expect(ask(cabinet, request, true)).toBe(
      withCrcHex(
        `01 72 3c 01 00 ff 00 00 00 00 25 00 ${'00 '.repeat(10)}00 34 12 00 00 04 52 43 2d 31 11 27 20 26 13 14 15 00 00 00 00 00 00 05 00 00 00 25 00 05 00 00 00 00 00 05 00 00 00 00 00`,
      ),
    );
  });

  it('72 interrogation answers the current transfer, and FF (no information) before there is one', () => {
    const cabinet = machine();
    expect(ask(cabinet, '01 72 02 ff 00', true)).toBe(withCrcHex('01 72 03 00 ff ff'));
    expect(ask(cabinet, '01 72 02 ff 05', true)).toBe(withCrcHex('01 72 03 05 ff ff'));
  });

  it('72 answers a code it does not know (C1) and a second transfer during the first (C0) with the short form', () => {
    const cabinet = machine();
    expect(ask(cabinet, '01 72 02 42 00', true)).toBe(withCrcHex('01 72 02 00 c1'));
    const transfer = (id: string) =>
      `01 72 34 00 00 00 00 00 00 01 00 ${'00 '.repeat(10)}00 34 12 00 00 ${'00 '.repeat(20)}01 ${id} 00 00 00 00 00 00 00`;
    ask(cabinet, transfer('41'), true);
    expect(ask(cabinet, transfer('42'), true)).toBe(withCrcHex('01 72 02 00 c0'));
  });

  it('72 takes the transfer published by a production host (soicasino/spark-sas2 docs/raspberryPython3.py.ref:18206)', () => {
    const cabinet = machine({ assetNumber: 1 });
    const published =
      '01 72 39 00 00 00 00 00 00 51 00 00 00 00 00 00 00 00 00 00 00 0B 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 06 31 32 33 34 35 38 05 30 20 16 00 30 00 0D 37';
    const answer = ask(cabinet, published).split(' ');
    expect(answer.slice(3, 12)).toEqual(['01', '00', 'ff', '00', '00', '00', '00', '51', '00']);
    expect(cabinet.state.credits).toBe(5100);
  });
});
