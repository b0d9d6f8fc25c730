import type { QueryClient } from '@tanstack/react-query';
import { floorMachine, type FloorMachine } from '@reelcast/protocol';
import { floorQueryOptions } from '../api/get-floor';

/** A machine's row as it is now, in the cached floor (an action's answer, a push). */
export function putFloorRow(queryClient: QueryClient, machine: FloorMachine): void {
  queryClient.setQueryData(floorQueryOptions().queryKey, (floor) =>
    floor ? { machines: floor.machines.map((row) => (row.id === machine.id ? machine : row)) } : floor,
  );
}

/** The notification socket's `floor` push (the team's sockets only): that machine's row in the cached floor. */
export function applyFloorPush(queryClient: QueryClient, payload: unknown): void {
  const push = floorMachine.safeParse(payload);
  if (push.success) putFloorRow(queryClient, push.data);
}
