import type { NvramState } from './machine/state.ts';

/** The machine's state as the control channel reports it. */
export function describeState(state: NvramState, denominationCents: number): Record<string, unknown> {
  return {
    credits: state.credits,
    creditsCents: state.credits * denominationCents,
    bet: state.bet,
    playEnabled: state.playEnabled,
    doorOpen: state.doorOpen,
    tilt: state.tilt,
    changeLamp: state.changeLamp,
    game: state.game,
    handPay: state.handPay,
    meters: state.meters,
    registration: state.aft.registration,
    transfer: state.aft.current,
    history: state.aft.history.length,
    exceptions: [...state.exceptions.priority, ...state.exceptions.fifo.map((entry) => entry.code)],
  };
}
