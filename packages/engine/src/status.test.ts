import { describe, expect, it } from 'vitest';
import { canTransition, machineStatuses, statusTransitions, transition, type MachineStatus } from './status.ts';

describe('status transitions', () => {
  it('has a row for exactly the protocol statuses', () => {
    expect(Object.keys(statusTransitions).sort()).toEqual([...machineStatuses].sort());
    for (const targets of Object.values(statusTransitions)) {
      for (const to of targets) expect(machineStatuses).toContain(to);
    }
  });

  it('accepts every listed transition and refuses every other one', () => {
    for (const from of machineStatuses) {
      for (const to of machineStatuses) {
        const result = transition(from, to);
        const allowed = from === to || statusTransitions[from].includes(to);
        expect(result.ok, `${from} → ${to}`).toBe(allowed);
        if (!result.ok) expect(result).toMatchObject({ code: 'ILLEGAL_TRANSITION', reason: expect.stringContaining(to) });
      }
    }
  });

  it.each<[MachineStatus, MachineStatus, boolean]>([
    ['idle', 'reserved', true],
    ['reserved', 'playing', true],
    ['playing', 'waiting', true],
    ['waiting', 'playing', true],
    ['playing', 'cashout', true],
    ['playing', 'error', true],
    ['error', 'playing', true],
    ['idle', 'cashout', false],
    ['offline', 'playing', false],
    ['reserved', 'bonus', false],
    ['idle', 'waiting', false],
    ['bonus', 'cashout', false],
  ])('%s → %s is %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('refuses statuses that do not exist', () => {
    expect(transition('idle', 'sleeping' as MachineStatus).ok).toBe(false);
    expect(transition('broken' as MachineStatus, 'idle').ok).toBe(false);
  });

  it('has no dead ends: every status is reachable from idle and can get back to idle', () => {
    const reachable = (start: MachineStatus, edges: (s: MachineStatus) => readonly MachineStatus[]): Set<MachineStatus> => {
      const seen = new Set<MachineStatus>([start]);
      const queue = [start];
      while (queue.length > 0) {
        for (const next of edges(queue.shift()!)) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      return seen;
    };
    expect(reachable('idle', (s) => statusTransitions[s]).size).toBe(machineStatuses.length);
    const back = (s: MachineStatus) => machineStatuses.filter((from) => statusTransitions[from].includes(s));
    expect(reachable('idle', back).size).toBe(machineStatuses.length);
  });
});
