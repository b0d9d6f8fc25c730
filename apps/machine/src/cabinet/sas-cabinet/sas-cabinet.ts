import {
  AftClient,
  disablePlay,
  enablePlay,
  handPayInfo,
  isProgressiveLevel,
  SasPoller,
  version,
  type PollResult,
  type SasEvent,
  type SasLink,
  type Scheduler,
} from '../sas/index.ts';
import type { CabinetButton, OutputDriver } from '../output/index.ts';
import { gameFigures, readMeters, type CabinetMeters } from './cabinet-meters.ts';
import { CabinetMoney } from './cabinet-money.ts';
import { CabinetConditions } from './conditions.ts';
import { GameWatch } from './game-watch.ts';
import type { CabinetEvent, OpenOutcome, PlayOutcome, PressOutcome, TransferOutcome } from './outcomes.ts';
import { registrationKeyBytes, type SasCabinetSettings } from './settings.ts';

type FailedOpen = Extract<OpenOutcome, { status: 'failed' }>;

export interface SasCabinetParts {
  /** The SAS link, opened; the cabinet closes it. */
  link: SasLink;
  /** The output board, opened; the cabinet closes it. */
  output: OutputDriver;
  scheduler: Scheduler;
  settings: SasCabinetSettings;
}

/**
 * One real cabinet (docs/cabinets.md): money by SAS AFT, events from its exceptions, meters, play
 * enabled and disabled, and button presses through the output board. Every operation answers with
 * what the machine confirmed; the events come in the order the machine reported them.
 */
export class SasCabinet {
  readonly #link: SasLink;
  readonly #output: OutputDriver;
  readonly #settings: SasCabinetSettings;
  readonly #poller: SasPoller;
  readonly #aft: AftClient;
  readonly #money: CabinetMoney;
  readonly #conditions = new CabinetConditions();
  readonly #game: GameWatch;
  readonly #listeners = new Set<(event: CabinetEvent) => void>();
  /** The machine's events, handled one after another (a game's meters are read before the next event). */
  #events: Promise<void> = Promise.resolve();
  #presses: Promise<unknown> = Promise.resolve();
  /** The meters after the last game the cabinet saw end: the next game's figures start from them. */
  #afterLastGame: CabinetMeters | null = null;
  #handPay: number | null = null;

  constructor(parts: SasCabinetParts) {
    const { link, output, scheduler, settings } = parts;
    this.#link = link;
    this.#output = output;
    this.#settings = settings;
    this.#poller = new SasPoller(link, { address: settings.address, scheduler, timing: settings.timing });
    this.#aft = new AftClient(this.#poller, {
      scheduler,
      assetNumber: settings.assetNumber,
      registrationKey: registrationKeyBytes(settings.registrationKey),
      posId: settings.posId,
    });
    this.#money = new CabinetMoney(this.#aft, this.#poller);
    this.#game = new GameWatch(scheduler);
    this.#poller.onEvent((event) => {
      this.#events = this.#events.then(() => this.#handle(event));
    });
  }

  onEvent(listener: (event: CabinetEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The lobby status the cabinet forces now ('offline', 'error'), or null when the seat decides. */
  get status() {
    return { status: this.#conditions.status, because: this.#conditions.because };
  }

  /**
   * Link up, version and serial (54), AFT registration (73) if it is not this host's, the meters, a
   * hand pay waiting (1B), then each transfer of the journal resolved by asking the machine (72).
   */
  async open(inFlight: readonly string[] = []): Promise<OpenOutcome> {
    this.#poller.start();
    const failed = async (stage: FailedOpen['stage'], reason: FailedOpen['reason']): Promise<FailedOpen> => {
      await this.#poller.stop();
      return { status: 'failed', stage, reason };
    };
    const machine = await this.#poller.request(version);
    if (!machine.ok) return failed('version', machine.reason);
    const registration = await this.#aft.register();
    if (registration.status !== 'registered')
      return failed('registration', registration.status === 'refused' ? 'refused' : registration.reason);
    const meters = await readMeters(this.#poller, this.#settings.denomination);
    if (!meters.ok) return failed('meters', meters.reason);
    this.#afterLastGame = meters.value;
    const handPay = await this.#readHandPay();
    if (!handPay.ok) return failed('hand-pay', handPay.reason);
    if (handPay.value !== null) this.#note({ type: 'hand-pay-pending', amount: handPay.value });
    const resolved: TransferOutcome[] = [];
    for (const transferId of inFlight) resolved.push(await this.#money.resolveTransfer(transferId));
    // A final transfer left unacknowledged (a restart) would make the machine refuse the next one.
    this.#money.acknowledgeIfIdle();
    return { status: 'open', version: machine.value, meters: meters.value, handPay: handPay.value, inFlight: resolved };
  }

  async close(): Promise<void> {
    await this.#poller.stop();
    await this.#events;
    await Promise.allSettled([this.#link.close(), this.#output.close()]);
  }

  /** Seat open: long poll 02, then the meters. */
  async enablePlay(): Promise<PlayOutcome> {
    const enabled = await this.#poller.request(enablePlay);
    if (!enabled.ok) return { status: 'failed', stage: 'play', reason: enabled.reason };
    return this.#withMeters('enabled');
  }

  /** Seat close: long poll 01 (the machine finishes a game in progress), then the meters once it has ended. */
  async disablePlay(): Promise<PlayOutcome> {
    const disabled = await this.#poller.request(disablePlay);
    if (!disabled.ok) return { status: 'failed', stage: 'play', reason: disabled.reason };
    if (this.#game.inProgress) await this.#game.next('ended', this.#settings.gameEndWaitMs);
    await this.#events;
    return this.#withMeters('disabled');
  }

  /** Cash-in: AFT to the machine, in minor units, idempotent by transfer id. */
  applyCredit(transferId: string, amount: number): Promise<TransferOutcome> {
    return this.#money.applyCredit(transferId, amount);
  }

  /** Cash-out: AFT of the whole cashable credit to the host, or of exactly `amount`, idempotent by transfer id. */
  takeCredit(transferId: string, amount?: number): Promise<TransferOutcome> {
    return this.#money.takeCredit(transferId, amount);
  }

  resolveTransfer(transferId: string): Promise<TransferOutcome> {
    return this.#money.resolveTransfer(transferId);
  }

  meters(): Promise<PollResult<CabinetMeters>> {
    return readMeters(this.#poller, this.#settings.denomination);
  }

  /** The credit meter in minor units. */
  async credit(): Promise<PollResult<number>> {
    const meters = await this.meters();
    return meters.ok ? { ok: true, value: meters.value.credit } : meters;
  }

  /**
   * A pulse on the button's channel, one press at a time, after the last game's meters were read. A
   * start button is confirmed by the machine's game-started exception within `pressConfirmMs`.
   */
  press(button: CabinetButton): Promise<PressOutcome> {
    const channel = this.#settings.output.buttons[button];
    if (channel === undefined) return Promise.resolve({ status: 'not-wired', button });
    const press = this.#presses.then(async (): Promise<PressOutcome> => {
      await this.#events;
      const starts = this.#settings.startButtons.includes(button);
      const started = starts ? this.#game.next('started', this.#settings.pressConfirmMs) : null;
      try {
        await this.#output.pulse(channel, this.#settings.output.pulseMs);
      } catch (error) {
        return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
      if (!started) return { status: 'pressed' };
      return (await started) ? { status: 'started' } : { status: 'not-taken' };
    });
    this.#presses = press;
    return press;
  }

  async #withMeters(status: 'enabled' | 'disabled'): Promise<PlayOutcome> {
    const meters = await this.meters();
    if (!meters.ok) return { status: 'failed', stage: 'meters', reason: meters.reason };
    return { status, meters: meters.value, gameInProgress: this.#game.inProgress };
  }

  async #handle(event: SasEvent): Promise<void> {
    switch (event.type) {
      case 'game-started':
        this.#game.started();
        return this.#note(event);
      case 'game-ended':
        this.#note({ type: 'game-ended', figures: await this.#readGameFigures() });
        return this.#game.ended();
      case 'hand-pay-pending': {
        const handPay = await this.#readHandPay();
        this.#handPay = handPay.ok ? handPay.value : null;
        return this.#note({ type: 'hand-pay-pending', amount: this.#handPay });
      }
      case 'hand-pay-reset':
        this.#note({ type: 'hand-pay-reset', amount: this.#handPay });
        this.#handPay = null;
        return;
      case 'aft-transfer-complete':
        this.#money.acknowledgeIfIdle();
        return this.#note({ type: 'aft-complete' });
      default:
        return this.#note(event);
    }
  }

  async #readGameFigures() {
    const meters = await readMeters(this.#poller, this.#settings.denomination);
    if (!meters.ok || !this.#afterLastGame) return null;
    const figures = gameFigures(this.#afterLastGame, meters.value, this.#settings.denomination);
    this.#afterLastGame = meters.value;
    return figures;
  }

  /** The pending hand pay in minor units, null when none is pending. */
  async #readHandPay(): Promise<PollResult<number | null>> {
    const info = await this.#poller.request(handPayInfo);
    if (!info.ok) return info;
    const { level, amount } = info.value;
    if (level === 0 && amount === 0) return { ok: true, value: null };
    return { ok: true, value: isProgressiveLevel(level) ? amount : amount * this.#settings.denomination };
  }

  #note(event: CabinetEvent): void {
    this.#emit(event);
    if (this.#conditions.apply(event)) this.#emit({ type: 'status', ...this.status });
  }

  #emit(event: CabinetEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
