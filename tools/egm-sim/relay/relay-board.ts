/** One command to the CH340 "LCUS" relay board of docs/sas-test-link.md §3. */
export interface RelayCommand {
  channel: number;
  closed: boolean;
}

/**
 * Reads the board's four-byte commands (A0, channel, 01 close / 00 open, checksum of the first three) from its
 * serial stream. A frame with a wrong checksum or state is ignored, as the board ignores it, and the reader looks
 * for the next A0.
 */
export class LcusDecoder {
  private buffer: number[] = [];
  ignoredFrames = 0;

  push(chunk: Uint8Array): RelayCommand[] {
    this.buffer.push(...chunk);
    const commands: RelayCommand[] = [];
    while (this.buffer.length > 0) {
      const start = this.buffer.indexOf(0xa0);
      if (start === -1) {
        this.buffer = [];
        break;
      }
      if (start > 0) this.buffer.splice(0, start);
      if (this.buffer.length < 4) break;
      const [header, channel, state, sum] = this.buffer as [number, number, number, number];
      if (((header + channel + state) & 0xff) === sum && (state === 0 || state === 1) && channel > 0) {
        commands.push({ channel, closed: state === 1 });
        this.buffer.splice(0, 4);
      } else {
        this.ignoredFrames++;
        this.buffer.splice(0, 1);
      }
    }
    return commands;
  }
}

/** One closing of a wired contact, as the control channel's `status` reports it (`contacts`, the newest last). */
export interface ContactRecord<Button extends string = string> {
  button: Button;
  /** `pressed`: held for `minPressMs`; `bounce`: opened sooner, ignored. */
  outcome: 'pressed' | 'bounce';
  /** How long it stayed closed, as this simulator read the board's commands; null while still held. */
  heldMs: number | null;
}

/** The contacts `status` reports: enough to say why the last few presses did or did not count. */
const CONTACTS_KEPT = 8;

/**
 * The cabinet's button inputs behind the relays: a contact closed for at least `minPressMs` is one press of the
 * button wired to that channel (a shorter blip is contact bounce and ignored); holding it does not repeat.
 * The time a contact is closed is the time between the board's two commands as this process reads them. A
 * reader that stalls (a loaded machine) can read a pulse's close and open together: held 0 ms, a bounce.
 */
export class ButtonHarness<Button extends string> {
  /** The contacts closed now; `timer` is null once the closing counted as a press. */
  private readonly closed = new Map<number, { at: number; record: ContactRecord<Button>; timer: NodeJS.Timeout | null }>();
  /** The last closings of wired contacts, the newest last. */
  readonly contacts: ContactRecord<Button>[] = [];

  constructor(
    private readonly wiring: ReadonlyMap<number, Button>,
    private readonly minPressMs: number,
    private readonly onPress: (button: Button) => void,
  ) {}

  apply({ channel, closed }: RelayCommand): void {
    const button = this.wiring.get(channel);
    if (button === undefined) return;
    const contact = this.closed.get(channel);
    if (!closed) {
      if (!contact) return;
      this.closed.delete(channel);
      const heldMs = Date.now() - contact.at;
      contact.record.heldMs = heldMs;
      if (contact.timer === null) return;
      clearTimeout(contact.timer);
      // Held long enough, though the timer has not run yet (a busy event loop read the opening first): a press.
      if (heldMs >= this.minPressMs) this.#pressed(contact.record);
      return;
    }
    if (contact) return;
    const record: ContactRecord<Button> = { button, outcome: 'bounce', heldMs: null };
    this.contacts.push(record);
    if (this.contacts.length > CONTACTS_KEPT) this.contacts.shift();
    const entry = { at: Date.now(), record, timer: null as NodeJS.Timeout | null };
    this.closed.set(channel, entry);
    if (this.minPressMs === 0) return this.#pressed(record);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      this.#pressed(record);
    }, this.minPressMs);
  }

  #pressed(record: ContactRecord<Button>): void {
    record.outcome = 'pressed';
    this.onPress(record.button);
  }

  stop(): void {
    for (const { timer } of this.closed.values()) if (timer !== null) clearTimeout(timer);
    this.closed.clear();
  }
}
