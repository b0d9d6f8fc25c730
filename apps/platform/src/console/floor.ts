import type { FloorMachine } from '@reelcast/protocol';
import type { MachinePlay, MachineRegistry } from '../machines/index.ts';
import type { PlayersService } from '../players/index.ts';

/** What the floor reads, each from its owner (docs/architecture.md): machines and seats, and the players' names. */
export interface FloorSources {
  machines: Pick<MachineRegistry, 'withChangeTimes'>;
  play: Pick<MachinePlay, 'openSlotSessions' | 'waitingHandPays'>;
  players: Pick<PlayersService, 'byIds'>;
}

/** The console's floor (docs/console.md "Floor"): every machine with its seated player and session. */
export class Floor {
  readonly #sources: FloorSources;

  constructor(sources: FloorSources) {
    this.#sources = sources;
  }

  /** Every machine, in the lobby's order; or the one of `machineId` (404 when there is none). */
  async machines(machineId?: number): Promise<FloorMachine[]> {
    const { machines, play, players } = this.#sources;
    const [rows, seats, handPays] = await Promise.all([
      machines.withChangeTimes(machineId),
      play.openSlotSessions(),
      play.waitingHandPays(),
    ]);
    const seatOf = new Map(seats.map((seat) => [seat.machineId, seat]));
    const handPayOf = new Map(handPays.map((handPay) => [handPay.machineId, handPay]));
    const names = new Map((await players.byIds([...new Set(seats.map((seat) => seat.playerId))])).map((p) => [p.id, p.username]));
    return rows.map(({ machine, changedAt }) => {
      const seat = seatOf.get(machine.id);
      const handPay = handPayOf.get(machine.id);
      return {
        id: machine.id,
        name: machine.name,
        brand: machine.brand,
        brandId: machine.brandId,
        status: machine.status,
        seat: seat
          ? {
              playerId: seat.playerId,
              username: names.get(seat.playerId) ?? '',
              sessionId: seat.id,
              startedAt: seat.startedAt.toISOString(),
              netCashIn: Number(seat.cashIn - seat.cashOut),
            }
          : null,
        lastEvent: { status: machine.status, at: changedAt.toISOString() },
        handPay: handPay ? { settlementId: handPay.id, amount: Number(handPay.amount), since: handPay.createdAt.toISOString() } : null,
        video: machine.video,
      };
    });
  }

  async machine(machineId: number): Promise<FloorMachine> {
    const [machine] = await this.machines(machineId);
    return machine!;
  }
}
