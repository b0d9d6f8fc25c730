import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { machineList, type Machine } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { isPathId } from '@/shared/config/paths';

/** The lobby caches GET /machine/all under this key; the game reads a machine from it when it can. */
const machineListKey = ['machine', 'all'] as const;

/** GET /machine/all, then the one machine: its game socket `address` and WHEP `video` URL. */
export async function getGameMachine(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Machine | null> {
  const machines = await request('/machine/all', machineList, { signal });
  return machines.find((machine) => machine.id === id) ?? null;
}

export const gameMachineQueryOptions = (id: number, queryClient?: QueryClient) =>
  queryOptions({
    queryKey: ['machine', 'game', id] as const,
    queryFn: ({ signal }) => getGameMachine(id, { signal }),
    initialData: () => queryClient?.getQueryData<Machine[]>(machineListKey)?.find((machine) => machine.id === id),
    // The lobby list may be old; addresses rarely change, but fetch once when the game opens.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });

export function useGameMachine(id: number) {
  const queryClient = useQueryClient();
  return useQuery({ ...gameMachineQueryOptions(id, queryClient), enabled: isPathId(id) });
}

/** For one-off actions (the reconnect dialog's cashout): the cached answer or a fresh one. */
export function fetchGameMachine(queryClient: QueryClient, id: number): Promise<Machine | null> {
  return queryClient.fetchQuery(gameMachineQueryOptions(id, queryClient));
}
