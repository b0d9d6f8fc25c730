import { startControlServer, runControlLine, type ControlServer } from './control/control-server.ts';
import type { ControlTarget } from './control/commands.ts';
import { FaultPlan } from './faults.ts';
import { startGlassServer, type GlassServer } from './glass/glass-server.ts';
import type { ReelView } from './glass/reel-picture.ts';
import { PollReader, type Poll } from './link/poll-reader.ts';
import { PtyEndpoint } from './link/pty-endpoint.ts';
import { SasSession, type SasMachine } from './link/sas-session.ts';
import { encodeCharacters, TestLinkDecoder } from './link/test-link.ts';
import { answerLongPoll } from './long-polls/long-polls.ts';
import { Cabinet, type Button } from './machine/cabinet.ts';
import { loadNvram, saveNvram } from './machine/nvram.ts';
import { seedState } from './machine/rng.ts';
import { freshState, type NvramState } from './machine/state.ts';
import { simulatorOptionsSchema, type SimulatorOptions, type SimulatorSettings } from './options.ts';
import { ButtonHarness, LcusDecoder } from './relay/relay-board.ts';
import { describeState } from './status.ts';

export interface EgmSimulator {
  /** Where the control channel listens (Unix socket path or host:port), if it was asked for. */
  readonly controlAddress: string | null;
  /** Where the glass (the screen as raw video) is served, if it was asked for. */
  readonly glassAddress: string | null;
  /** Runs a control command in process, exactly as a line on the control channel. */
  control(command: object): Record<string, unknown>;
  close(): Promise<void>;
}

export interface SimulatorHooks {
  /** Every poll received and every answer sent, for logs. */
  onTraffic?: (direction: 'poll' | 'answer', bytes: Uint8Array) => void;
}

/** Starts a SAS gaming machine on the given pseudo-terminals (README). */
export async function startEgmSimulator(options: SimulatorOptions, hooks: SimulatorHooks = {}): Promise<EgmSimulator> {
  const simulator = new Simulator(simulatorOptionsSchema.parse(options), hooks);
  let control: ControlServer | null = null;
  let glass: GlassServer | null = null;
  const close = async () => {
    await glass?.close();
    await simulator.close(control);
  };
  try {
    if (options.control !== undefined) control = await startControlServer(simulator, options.control);
    if (options.glass !== undefined) glass = await startGlassServer(options.glass, () => simulator.reelView());
  } catch (error) {
    // The ptys are open and the timers run: a simulator nobody can reach must not stay behind.
    await close();
    throw error;
  }
  return {
    controlAddress: control?.address ?? null,
    glassAddress: glass?.address ?? null,
    control: (command) => runControlLine(simulator, JSON.stringify(command)),
    close,
  };
}

class Simulator implements ControlTarget {
  readonly faults = new FaultPlan();
  cabinet: Cabinet | null = null;
  private session: SasSession | null = null;
  private readonly decoder = new TestLinkDecoder();
  private reader: PollReader;
  private readonly sas: PtyEndpoint;
  private readonly relay: PtyEndpoint | null;
  private readonly harness: ButtonHarness<Button>;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** What the glass shows: the stops of the last game seen to end, and the game it sees spinning. */
  private reels: { stops: readonly number[]; game: NonNullable<NvramState['game']> | null; since: number } = {
    stops: [0, 0, 0],
    game: null,
    since: 0,
  };

  constructor(
    private readonly settings: SimulatorSettings,
    private readonly hooks: SimulatorHooks,
  ) {
    this.reader = new PollReader(settings.address, settings.interByteGapMs);
    const wiring = new Map(Object.entries(settings.buttons).map(([channel, button]) => [Number(channel), button]));
    this.harness = new ButtonHarness(wiring, settings.minPressMs, (button) => this.cabinet?.press(button));
    this.powerUp(loadNvram(settings.nvramFile) ?? freshState(seedState(settings.seed)));
    this.sas = new PtyEndpoint(settings.sasPath, (chunk) => this.onSasBytes(chunk));
    const lcus = new LcusDecoder();
    this.relay =
      settings.relayPath === undefined
        ? null
        : new PtyEndpoint(settings.relayPath, (chunk) => {
            if (this.cabinet === null) return;
            for (const command of lcus.push(chunk)) this.harness.apply(command);
          });
  }

  status(): Record<string, unknown> {
    const state = this.cabinet?.state ?? loadNvram(this.settings.nvramFile);
    return {
      power: this.cabinet === null ? 'off' : 'on',
      synced: this.session?.isSynced ?? false,
      lock: this.cabinet?.lock.lockStatus ?? null,
      ...(state === null ? {} : describeState(state, this.settings.denominationCents)),
      faults: this.faults.snapshot(),
      glass: this.reelView(),
      contacts: this.harness.contacts,
      refusedGames: this.cabinet?.refusedGames ?? [],
    };
  }

  /** The reels on the glass now: spinning while a game plays, then standing on its stops. */
  reelView(): ReelView {
    const game = this.cabinet?.state.game ?? null;
    const now = performance.now();
    if (game !== this.reels.game) {
      const stops = this.reels.game?.stops ?? this.reels.stops;
      this.reels = { stops, game, since: this.cabinet?.gameStartedAt ?? now };
    }
    return { stops: this.reels.stops, spinningForMs: game === null ? null : now - this.reels.since };
  }

  powerLoss(offMs: number | null): void {
    this.cabinet?.powerLost();
    this.cabinet = null;
    this.session = null;
    this.harness.stop();
    this.clearTimers();
    if (offMs !== null) this.later(offMs, () => this.powerOn());
  }

  powerOn(): void {
    const state = loadNvram(this.settings.nvramFile);
    if (state === null) throw new Error(`NVRAM file ${this.settings.nvramFile} is gone`);
    this.powerUp(state);
  }

  async close(control: ControlServer | null): Promise<void> {
    this.cabinet?.shutdown();
    this.cabinet = null;
    this.harness.stop();
    this.clearTimers();
    this.sas.close();
    this.relay?.close();
    await control?.close();
  }

  private powerUp(state: NvramState): void {
    const { settings } = this;
    const file = settings.nvramFile;
    const cabinet = new Cabinet(
      state,
      settings,
      (next) => saveNvram(file, next),
      () => this.faults.takeTransferFault(),
    );
    this.decoder.reset();
    this.reader = new PollReader(settings.address, settings.interByteGapMs);
    this.cabinet = cabinet;
    this.session = new SasSession(this.machineFor(cabinet), settings);
    cabinet.powerUp();
  }

  private machineFor(cabinet: Cabinet): SasMachine {
    return {
      answerGeneralPoll: () => {
        const reported = cabinet.exceptions.next();
        return {
          bytes: Uint8Array.of(reported.code),
          onAck: () => {
            if (reported.code === 0) return;
            reported.acknowledge();
            cabinet.commit();
          },
        };
      },
      answerLongPoll: (frame) => answerLongPoll(cabinet, frame, (offMs) => this.powerLoss(offMs)),
      onPollAddressed: () => cabinet.onPollAddressed(),
    };
  }

  private onSasBytes(chunk: Buffer): void {
    for (const character of this.decoder.push(chunk)) {
      const session = this.session;
      // Without power the machine hears nothing.
      if (session === null) return;
      const poll = this.reader.push(character, performance.now());
      if (poll === null) continue;
      this.hooks.onTraffic?.('poll', pollBytes(poll));
      const answer = session.receive(poll, performance.now());
      if (answer !== null) this.send(answer);
    }
  }

  private send(answer: Uint8Array): void {
    const shaped = this.faults.shape(answer);
    if (shaped === null) return;
    const write = (): void => {
      if (this.cabinet === null) return;
      this.hooks.onTraffic?.('answer', shaped.bytes);
      this.sas.write(encodeCharacters(shaped.bytes));
    };
    if (shaped.delayMs > 0) this.later(shaped.delayMs, write);
    else write();
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function pollBytes(poll: Poll): Uint8Array {
  if (poll.kind === 'long') return poll.frame;
  if (poll.kind === 'general') return Uint8Array.of(0x80 | poll.address);
  if (poll.kind === 'unsupported') return Uint8Array.of(poll.address, poll.command);
  return Uint8Array.of(poll.address);
}
