import type { CabinetEvent, CabinetStatus } from './outcomes.ts';

/**
 * What keeps a cabinet from play, from its events (docs/cabinets.md "Statuses"): no link or no power is
 * `offline`; an open door, a tilt or a hand pay is `error`; otherwise the seat decides. SAS reports no
 * end of most tilts: a tilt holds until the machine shows it plays again (a game starts), a door
 * closes (attendants clear tilts with the door open), or it powers up.
 */
export class CabinetConditions {
  #linkUp = false;
  #powerLost = false;
  readonly #openDoors = new Set<string>();
  #tilt: string | null = null;
  #handPay = false;

  /** Applies an event; true when the status or its reasons changed. */
  apply(event: CabinetEvent): boolean {
    const before = this.because.join();
    switch (event.type) {
      case 'link':
        this.#linkUp = event.up;
        break;
      case 'power':
        this.#powerLost = !event.on;
        if (event.on) this.#tilt = null;
        break;
      case 'door':
        if (event.open) this.#openDoors.add(event.door);
        else {
          this.#openDoors.delete(event.door);
          this.#tilt = null;
        }
        break;
      case 'tilt':
        this.#tilt = event.tilt;
        break;
      case 'game-started':
        this.#tilt = null;
        break;
      case 'hand-pay-pending':
        this.#handPay = true;
        break;
      case 'hand-pay-reset':
        this.#handPay = false;
        break;
      default:
        break;
    }
    return this.because.join() !== before;
  }

  get status(): CabinetStatus {
    if (!this.#linkUp || this.#powerLost) return 'offline';
    return this.because.length > 0 ? 'error' : null;
  }

  get because(): string[] {
    return [
      ...(this.#linkUp ? [] : ['link down']),
      ...(this.#powerLost ? ['power lost'] : []),
      ...[...this.#openDoors].map((door) => `${door} door open`),
      ...(this.#tilt ? [`tilt: ${this.#tilt}`] : []),
      ...(this.#handPay ? ['hand pay pending'] : []),
    ];
  }
}
