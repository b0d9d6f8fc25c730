// Test helper (not a test file): a gaming machine scripted per SAS 6.02, behind a fake SasLink, on fake
// time. It keeps the implied ACK/NACK rules (§3), answers the long polls the host uses, and can be told
// to fail: drop an answer, spoil its CRC, answer late, hold a transfer pending, lose power.
import { decodeBcd, encodeBcd } from './bcd.ts';
import { hasValidCrc, withCrc } from './crc.ts';
import type { LinkListener, SasLink } from './link.ts';
import type { Scheduler } from './scheduler.ts';

/** `unheard`: the poll never reaches the machine; the others spoil the machine's answer. */
export type Fault = 'unheard' | 'drop' | 'bad-crc' | 'late' | 'garbage-after' | 'nack' | 'busy';

export interface FaultRule {
  /** Which polls it hits: a long poll's command, or 'general'. */
  on: number | 'general';
  fault: Fault;
  /** How many matching polls it hits (default 1). */
  times?: number;
}

export interface Sent {
  at: number;
  frame: number[];
}

interface TransferRecord {
  status: number;
  type: number;
  cashable: number;
  transactionId: string;
  position: number;
  /** A final transfer stays the current one until the host interrogates it (72 FF): SAS 6.02 p. 8-17. */
  acknowledged: boolean;
}

const le = (value: number, length: number) => Array.from({ length }, (_, i) => Math.floor(value / 2 ** (8 * i)) % 256);
const fromLe = (bytes: number[]) => bytes.reduceRight((value, byte) => value * 256 + byte, 0);

export class FakeMachine implements SasLink {
  readonly sent: Sent[] = [];
  readonly exceptions: number[] = [];
  credits = 0;
  meters = { coinIn: 0, coinOut: 0, jackpot: 0, gamesPlayed: 0, aftIn: 0, aftInCount: 0, aftOut: 0, aftOutCount: 0 };
  /** A hand pay waiting (long poll 1B): its level and amount. */
  handPay: { level: number; amount: number } | null = null;
  serialNumber = 'FAKE-1';
  assetNumber = 42;
  registration = { status: 0x80, key: new Array<number>(20).fill(0), posId: 0 };
  lock = 0xff;
  /** What a lock request leaves: 00 locked, 40 pending, FF refused. */
  lockAnswer = 0x00;
  playEnabled = true;
  powered = true;
  /** After power up a machine answers nothing until it sees a poll to another address (SAS 6.02 §3.3). */
  synced = true;
  /** How the next transfers end: completed, held pending for `pendingPolls` interrogations, or refused. */
  transferMode: { kind: 'complete' } | { kind: 'pending'; pendingPolls: number } | { kind: 'refuse'; status: number } = {
    kind: 'complete',
  };
  answerDelayMs = 2;
  lateMs = 40;
  readonly faults: FaultRule[] = [];
  current: TransferRecord | undefined;
  readonly history: TransferRecord[] = [];
  #pendingPolls = 0;
  #listeners = new Set<LinkListener>();
  #pendingException: number | null = null;
  #lastLongPoll: { frame: string; answer: number[] } | null = null;

  constructor(
    private readonly scheduler: Scheduler,
    readonly address = 1,
  ) {}

  listen(listener: LinkListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Set: every write fails, as on a port whose adapter was unplugged. */
  writeError: Error | undefined;

  send(frame: Uint8Array): Promise<void> {
    if (this.writeError) return Promise.reject(this.writeError);
    this.sent.push({ at: this.scheduler.now(), frame: [...frame] });
    const general = frame.length === 1;
    const toMe = (frame[0]! & 0x7f) === this.address;
    if (toMe && this.#takeFault(general, frame[1], 'unheard')) return Promise.resolve();
    if (this.powered) this.#receive([...frame]);
    return Promise.resolve();
  }

  /** Frames sent to this machine (not to address 0), as hex strings. */
  polls(): string[] {
    return this.sent.filter(({ frame }) => (frame[0]! & 0x7f) === this.address).map(({ frame }) => hex(frame));
  }

  /** Pulls the plug: no answers until power comes back, with exception 17 queued. */
  powerOff(): void {
    this.powered = false;
  }

  powerOn(): void {
    this.powered = true;
    this.synced = false;
    this.exceptions.push(0x17);
  }

  #receive(frame: number[]): void {
    const first = frame[0]!;
    const general = frame.length === 1 && (first & 0x80) !== 0;
    const address = first & 0x7f;
    if (address !== this.address) {
      this.#pendingException = null; // §3.1: a poll to another address is an implied ACK
      this.#lastLongPoll = null;
      this.synced = true;
      return;
    }
    if (!this.synced) return;
    if (general) {
      this.#lastLongPoll = null;
      if (this.#pendingException === null) {
        const next = this.exceptions.shift() ?? 0x00;
        this.#pendingException = next === 0x00 ? null : next;
        this.#answer(general, [next]);
      } else this.#answer(general, [this.#pendingException]); // implied NACK: the same exception again
      return;
    }
    this.#pendingException = null; // a long poll acknowledges the exception
    const key = hex(frame);
    if (this.#lastLongPoll?.frame === key) {
      this.#answer(general, this.#lastLongPoll.answer, frame[1]); // implied NACK: the same answer, nothing done twice
      return;
    }
    const answer = this.#longPoll(frame);
    this.#lastLongPoll = answer ? { frame: key, answer } : null;
    if (answer) this.#answer(general, answer, frame[1]);
  }

  #longPoll(frame: number[]): number[] | null {
    const command = frame[1]!;
    const typeS = ![0x1a, 0x0f, 0x54, 0x1b].includes(command);
    if (typeS && !hasValidCrc(Uint8Array.from(frame))) return null;
    const a = this.address;
    const data = frame.slice(3, -2);
    switch (command) {
      case 0x01:
      case 0x02:
        this.playEnabled = command === 0x02;
        return [a];
      case 0x1a:
        return [...withCrc([a, 0x1a, ...encodeBcd(this.credits, 4)])];
      case 0x0f:
        return [
          ...withCrc([
            a,
            0x0f,
            ...encodeBcd(0, 4),
            ...encodeBcd(this.meters.coinIn, 4),
            ...encodeBcd(this.meters.coinOut, 4),
            ...encodeBcd(0, 4),
            ...encodeBcd(0, 4),
            ...encodeBcd(this.meters.gamesPlayed, 4),
          ]),
        ];
      case 0x2f:
        return this.#selectedMeters(data);
      case 0x54: {
        const text = [...`602${this.serialNumber}`].map((char) => char.charCodeAt(0));
        return [...withCrc([a, 0x54, text.length, ...text])];
      }
      case 0x1b:
        return [
          ...withCrc([a, 0x1b, 0, this.handPay?.level ?? 0, ...encodeBcd(this.handPay?.amount ?? 0, 5), ...new Array<number>(13).fill(0)]),
        ];
      case 0x73:
        return this.#register(data);
      case 0x74:
        return this.#lockPoll(frame.slice(2, -2));
      case 0x72:
        return this.#transfer(data);
      default:
        return null; // §4.4: an unsupported long poll is ignored
    }
  }

  /** Resolves once a transfer is pending on the machine (on the scheduler's time). */
  transferPending(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.current?.status === 0x40 ? resolve() : this.scheduler.after(1, check));
      check();
    });
  }

  /** A game: the bet off the credit and on coin in, 7E; after `ms`, the win on the credit and coin out, 7F. */
  playGame(bet: number, win: number, ms = 300): void {
    this.credits -= bet;
    this.meters.coinIn += bet;
    this.meters.gamesPlayed++;
    this.exceptions.push(0x7e);
    this.scheduler.after(ms, () => {
      this.credits += win;
      this.meters.coinOut += win;
      this.exceptions.push(0x7f);
    });
  }

  #selectedMeters(data: number[]): number[] {
    const values: Record<number, [number, number]> = {
      0x00: [this.meters.coinIn, 4],
      0x01: [this.meters.coinOut, 4],
      0x02: [this.meters.jackpot, 4],
      0x03: [0, 4],
      0x05: [this.meters.gamesPlayed, 4],
      0x0c: [this.credits, 4],
      0xa0: [this.meters.aftIn, 5],
      0xa1: [this.meters.aftInCount, 4],
      0xb8: [this.meters.aftOut, 5],
      0xb9: [this.meters.aftOutCount, 4],
    };
    const body = data.slice(0, 2);
    for (const code of data.slice(2)) {
      const meter = values[code];
      if (meter) body.push(code, ...encodeBcd(meter[0], meter[1]));
    }
    return [...withCrc([this.address, 0x2f, body.length, ...body])];
  }

  #register(data: number[]): number[] {
    const code = data[0]!;
    if (code === 0x00) this.registration.status = 0x00;
    if (code === 0x01 && this.registration.status === 0x00 && fromLe(data.slice(1, 5)) === this.assetNumber) {
      this.registration = { status: 0x01, key: data.slice(5, 25), posId: fromLe(data.slice(25, 29)) };
    }
    if (code === 0x80) this.registration.status = 0x80;
    const body = [this.registration.status, ...le(this.assetNumber, 4), ...this.registration.key, ...le(this.registration.posId, 4)];
    return [...withCrc([this.address, 0x73, body.length, ...body])];
  }

  #lockPoll(data: number[]): number[] {
    const code = data[0]!;
    if (code === 0x00) this.lock = this.lockAnswer;
    if (code === 0x80) this.lock = 0xff;
    const body = [
      ...le(this.assetNumber, 4),
      this.lock,
      0x03,
      0x00,
      this.registration.status === 0x01 ? 0x9f : 0x97,
      this.history.length,
      ...encodeBcd(this.credits, 5),
      ...encodeBcd(0, 5),
      ...encodeBcd(0, 5),
      ...encodeBcd(1_000_000, 5),
      ...encodeBcd(0, 4),
      0,
      0,
    ];
    return [...withCrc([this.address, 0x74, body.length, ...body])];
  }

  #transfer(data: number[]): number[] {
    if (data[0] === 0xff) return this.#interrogate(data[1]!);
    const type = data[2]!;
    const cashable = decodeBcd(Uint8Array.from(data.slice(3, 8)));
    const flags = data[18]!;
    const key = data.slice(23, 43);
    const transactionId = String.fromCharCode(...data.slice(44, 44 + data[43]!));
    const last = this.history.at(-1);
    let status: number;
    if (this.current && ((this.current.status & 0xe0) === 0x40 || !this.current.acknowledged)) status = 0xc0;
    else if (last?.transactionId === transactionId) status = 0x81;
    else if (this.registration.status !== 0x01 || key.join() !== this.registration.key.join()) status = 0x89;
    else if (flags & 0x40 && this.lock !== 0x00) status = 0x94;
    else if (this.transferMode.kind === 'refuse') status = this.transferMode.status;
    else if (type === 0x80 && cashable > this.credits) status = 0x84;
    else status = this.transferMode.kind === 'pending' ? 0x40 : 0x00;
    if (status === 0xc0) return [...withCrc([this.address, 0x72, 0x02, 0x00, 0xc0])];
    const refused = status !== 0x00 && status !== 0x40;
    this.current = { status, type, cashable: refused ? 0 : cashable, transactionId, position: 0, acknowledged: refused };
    if (status === 0x40) this.#pendingPolls = this.transferMode.kind === 'pending' ? this.transferMode.pendingPolls : 0;
    if (status === 0x00) this.#complete();
    return this.#record(this.current);
  }

  #interrogate(index: number): number[] {
    if (index === 0) {
      if (this.current?.status === 0x40 && --this.#pendingPolls <= 0) this.#complete();
      if (this.current && this.current.status !== 0x40) this.current.acknowledged = true;
      return this.current ? this.#record(this.current) : [...withCrc([this.address, 0x72, 0x03, 0x00, 0xff, 0xff])];
    }
    const entry = this.history.find((record) => record.position === index);
    return entry ? this.#record(entry) : [...withCrc([this.address, 0x72, 0x03, index, 0xff, 0xff])];
  }

  #complete(): void {
    const transfer = this.current!;
    transfer.status = 0x00;
    transfer.acknowledged = false;
    this.credits += transfer.type === 0x00 ? transfer.cashable : -transfer.cashable;
    if (transfer.type === 0x00) {
      this.meters.aftIn += transfer.cashable;
      this.meters.aftInCount++;
    } else {
      this.meters.aftOut += transfer.cashable;
      this.meters.aftOutCount++;
    }
    transfer.position = (this.history.length % 127) + 1;
    this.history.push({ ...transfer });
    this.lock = 0xff;
    this.exceptions.push(0x69);
  }

  #record(record: TransferRecord): number[] {
    const id = [...record.transactionId].map((char) => char.charCodeAt(0));
    const done = record.status === 0x00;
    const body = [
      record.position,
      record.status,
      0x00,
      record.type,
      ...encodeBcd(record.cashable, 5),
      ...encodeBcd(0, 5),
      ...encodeBcd(0, 5),
      0x40,
      ...le(this.assetNumber, 4),
      id.length,
      ...id,
      ...(done ? [0x11, 0x27, 0x20, 0x26, 0x22, 0x15, 0x30] : new Array<number>(7).fill(0)),
      ...encodeBcd(0, 4),
      0,
      0,
      0,
      0,
      0,
    ];
    return [...withCrc([this.address, 0x72, body.length, ...body])];
  }

  #takeFault(general: boolean, command: number | undefined, only?: Fault): FaultRule | undefined {
    const rule = this.faults.find(
      (candidate) =>
        (candidate.on === 'general' ? general : !general && candidate.on === command) &&
        (only ? candidate.fault === only : candidate.fault !== 'unheard'),
    );
    if (rule) {
      rule.times = (rule.times ?? 1) - 1;
      if (rule.times <= 0) this.faults.splice(this.faults.indexOf(rule), 1);
    }
    return rule;
  }

  #answer(general: boolean, bytes: number[], command?: number): void {
    const rule = this.#takeFault(general, command);
    let answer = bytes;
    let delay = this.answerDelayMs;
    if (rule) {
      if (rule.fault === 'drop') return;
      if (rule.fault === 'bad-crc') answer = [...bytes.slice(0, -1), bytes.at(-1)! ^ 0x01];
      if (rule.fault === 'late') delay = this.lateMs;
      if (rule.fault === 'garbage-after') answer = [...bytes, 0x00];
      if (rule.fault === 'nack') answer = [this.address | 0x80];
      if (rule.fault === 'busy') answer = [this.address, 0x00];
    }
    this.scheduler.after(delay, () => {
      for (const listener of this.#listeners) listener.bytes(Uint8Array.from(answer));
    });
  }
}

export const hex = (bytes: readonly number[]) => bytes.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
