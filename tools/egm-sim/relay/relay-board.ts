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

/**
 * The cabinet's button inputs behind the relays: a contact closed for at least `minPressMs` is one press of the
 * button wired to that channel (a shorter blip is contact bounce and ignored); holding it does not repeat.
 */
export class ButtonHarness<Button extends string> {
  private readonly closedAt = new Map<number, NodeJS.Timeout | 'pressed'>();

  constructor(
    private readonly wiring: ReadonlyMap<number, Button>,
    private readonly minPressMs: number,
    private readonly onPress: (button: Button) => void,
  ) {}

  apply({ channel, closed }: RelayCommand): void {
    const button = this.wiring.get(channel);
    if (button === undefined) return;
    const held = this.closedAt.get(channel);
    if (!closed) {
      if (held !== undefined && held !== 'pressed') clearTimeout(held);
      this.closedAt.delete(channel);
      return;
    }
    if (held !== undefined) return;
    if (this.minPressMs === 0) {
      this.closedAt.set(channel, 'pressed');
      return this.onPress(button);
    }
    this.closedAt.set(
      channel,
      setTimeout(() => {
        this.closedAt.set(channel, 'pressed');
        this.onPress(button);
      }, this.minPressMs),
    );
  }

  stop(): void {
    for (const held of this.closedAt.values()) if (held !== 'pressed') clearTimeout(held);
    this.closedAt.clear();
  }
}
