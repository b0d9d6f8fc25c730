import { machineStatuses, type MachineStatus } from '@reelcast/protocol';

export { machineStatuses, type MachineStatus };

/**
 * Which status may follow which. `error` and `offline` are reachable from everywhere a cabinet can
 * break or drop off the network; leaving them goes through `idle` (staff reset) or straight back to
 * the seated player (`playing`/`waiting`) when a hand-pay lock is settled.
 */
export const statusTransitions: Readonly<Record<MachineStatus, readonly MachineStatus[]>> = {
  idle: ['reserved', 'playing', 'error', 'offline'],
  reserved: ['playing', 'idle', 'error', 'offline'],
  playing: ['bonus', 'waiting', 'cashout', 'idle', 'error', 'offline'],
  bonus: ['playing', 'waiting', 'error', 'offline'],
  waiting: ['playing', 'cashout', 'idle', 'error', 'offline'],
  cashout: ['playing', 'waiting', 'idle', 'error', 'offline'],
  error: ['idle', 'playing', 'waiting', 'offline'],
  offline: ['idle', 'error'],
};

export type TransitionResult = { ok: true; status: MachineStatus } | { ok: false; reason: string; code: 'ILLEGAL_TRANSITION' };

export function isMachineStatus(value: unknown): value is MachineStatus {
  return typeof value === 'string' && (machineStatuses as readonly string[]).includes(value);
}

export function canTransition(from: MachineStatus, to: MachineStatus): boolean {
  return from === to || statusTransitions[from].includes(to);
}

/** Staying in the same status is accepted (an agent may re-report it); anything off the table is refused. */
export function transition(from: MachineStatus, to: MachineStatus): TransitionResult {
  if (!isMachineStatus(from) || !isMachineStatus(to)) {
    return { ok: false, code: 'ILLEGAL_TRANSITION', reason: `unknown status ${String(isMachineStatus(from) ? to : from)}` };
  }
  if (canTransition(from, to)) return { ok: true, status: to };
  return { ok: false, code: 'ILLEGAL_TRANSITION', reason: `a machine cannot go from ${from} to ${to}` };
}
