import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/index.ts';
import type { MachineRegistry } from '../machines/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { JackpotMeters } from './jackpot-meters.ts';
import { JackpotPushes } from './jackpot-pushes.ts';
import { PlayCounters, type OpenSeat } from './play-counters.ts';

/**
 * The linked brand jackpots (docs/jackpots.md): the meters (made, listed, configured, shown), the
 * machines' play counters that feed them and pay their hits, and the pushes that announce both.
 */
export class Jackpots {
  readonly meters: JackpotMeters;
  readonly counters: PlayCounters;
  readonly #pushes: JackpotPushes;
  constructor(deps: {
    db: Db;
    bus: Bus;
    ledger: Ledger;
    machines: MachineRegistry;
    players: PlayersService;
    openSeat: OpenSeat;
    /** Where a push that could not be read is reported (the platform's log). */
    log: (message: string, error: unknown) => void;
  }) {
    const { db, bus, ledger, machines, players, openSeat, log } = deps;
    this.#pushes = new JackpotPushes({
      bus,
      players,
      liveString: async (brandId) => (await this.meters.liveStrings(brandId)).get(brandId),
      log,
    });
    this.meters = new JackpotMeters({ db, ledger, machines, pushes: this.#pushes });
    this.counters = new PlayCounters({ ledger, machines, openSeat, pushes: this.#pushes });
  }

  /** No more pushes (the platform is closing). */
  stop(): void {
    this.#pushes.stop();
  }
}
