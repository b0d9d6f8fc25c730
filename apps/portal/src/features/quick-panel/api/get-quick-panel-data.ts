import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { quickPanelData, type QuickPanelData, type QuickPanelItem } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/quick-panel/data (SPEC §7): the operator's events showing now and the player's own notes. */
export function getQuickPanelData({ signal }: { signal?: AbortSignal } = {}): Promise<QuickPanelData> {
  return request('/api/quick-panel/data', quickPanelData, { signal });
}

export const quickPanelQueryOptions = () =>
  queryOptions({
    queryKey: ['quick-panel'] as const,
    queryFn: ({ signal }) => getQuickPanelData({ signal }),
  });

export const useQuickPanelData = () => useQuery(quickPanelQueryOptions());

/** A note the server answered, into the panel's list at once: in its place, or first when new (newest first). */
export function putNoteInCache(queryClient: QueryClient, saved: QuickPanelItem): void {
  queryClient.setQueryData(quickPanelQueryOptions().queryKey, (data) => {
    if (!data) return data;
    const known = data.notes.some((note) => note.id === saved.id);
    return { ...data, notes: known ? data.notes.map((note) => (note.id === saved.id ? saved : note)) : [saved, ...data.notes] };
  });
}
