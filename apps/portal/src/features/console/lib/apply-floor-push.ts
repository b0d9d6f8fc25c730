import type { QueryClient } from '@tanstack/react-query';
import { floorMachine } from '@reelcast/protocol';
import { floorQueryOptions } from '../api/get-floor';

/** The notification socket's `floor` push (the team's sockets only): that machine's row in the cached floor. */
export function applyFloorPush(queryClient: QueryClient, payload: unknown): void {
  const push = floorMachine.safeParse(payload);
  if (!push.success) return;
  queryClient.setQueryData(floorQueryOptions().queryKey, (floor) =>
    floor ? { machines: floor.machines.map((row) => (row.id === push.data.id ? push.data : row)) } : floor,
  );
}
