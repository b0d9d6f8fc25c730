import type { JackpotWinPush } from '@reelcast/protocol';
import type { Bus } from '../bus/index.ts';
import type { PlayersService } from '../players/index.ts';
import { maskedName } from './jackpot-rules.ts';

/** At most this many `jackpot` pushes a second per brand and instance; the last value is always sent. */
export const JACKPOT_PUSHES_PER_SECOND = 4;

interface BrandThrottle {
  lastSentAt: number;
  timer: NodeJS.Timeout | null;
  /** Sends of one brand run one after another, so a later value never goes out before an earlier one. */
  sending: Promise<void>;
}

/** A hit as the bus carries it, before the winner's name is masked. */
type Win = Omit<JackpotWinPush, 'mine' | 'winner'> & { winnerId: number };

/**
 * Announces the meters on the bus (the notification socket pushes them, docs/jackpots.md): `jackpot`
 * when a brand's meters changed, throttled per brand, each push reading the values as they are when it
 * goes out (so the last change is always delivered); `jackpotWin` for every hit, at once, with the
 * winner's masked name.
 */
export class JackpotPushes {
  readonly #bus: Bus;
  readonly #players: PlayersService;
  readonly #liveString: (brandId: number) => Promise<string | undefined>;
  readonly #intervalMs: number;
  readonly #log: (message: string, error: unknown) => void;
  readonly #brands = new Map<number, BrandThrottle>();
  #stopped = false;

  constructor(deps: {
    bus: Bus;
    players: PlayersService;
    liveString: (brandId: number) => Promise<string | undefined>;
    intervalMs?: number;
    log?: (message: string, error: unknown) => void;
  }) {
    this.#bus = deps.bus;
    this.#players = deps.players;
    this.#liveString = deps.liveString;
    this.#intervalMs = deps.intervalMs ?? 1000 / JACKPOT_PUSHES_PER_SECOND;
    this.#log = deps.log ?? (() => {});
  }

  /** A brand's meters changed (committed): its push goes out now, or at the end of its throttle window. */
  changed(brandId: number): void {
    if (this.#stopped) return;
    const brand = this.#brands.get(brandId) ?? { lastSentAt: 0, timer: null, sending: Promise.resolve() };
    this.#brands.set(brandId, brand);
    if (brand.timer) return; // the push already waiting will read this change too
    const wait = Math.max(0, brand.lastSentAt + this.#intervalMs - Date.now());
    brand.timer = setTimeout(() => {
      brand.timer = null;
      brand.lastSentAt = Date.now();
      brand.sending = brand.sending.then(() => this.#send(brandId));
    }, wait);
    brand.timer.unref();
  }

  async #send(brandId: number): Promise<void> {
    if (this.#stopped) return;
    try {
      const jackpot = await this.#liveString(brandId);
      if (jackpot !== undefined && !this.#stopped) this.#bus.publish('jackpot', { brandId, jackpot });
    } catch (error) {
      this.#log('the jackpot push could not be read', error);
    }
  }

  /** A meter hit: announced to everyone, the winner by a masked name (their own sockets mark it theirs). */
  async won(win: Win): Promise<void> {
    if (this.#stopped) return;
    const player = await this.#players.byId(win.winnerId).catch(() => undefined);
    this.#bus.publish('jackpotWin', { ...win, winner: maskedName(player?.name || player?.username || '') });
  }

  stop(): void {
    this.#stopped = true;
    for (const brand of this.#brands.values()) if (brand.timer) clearTimeout(brand.timer);
  }
}
