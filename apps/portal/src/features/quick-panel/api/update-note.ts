import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quickPanelItem, type NoteRequest, type QuickPanelItem } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { putNoteInCache, quickPanelQueryOptions } from './get-quick-panel-data';

/** PUT /api/quick-panel/notes/:id: the note's new title and detail. */
export function updateNote({ id, ...note }: NoteRequest & { id: number }): Promise<QuickPanelItem> {
  return request(`/api/quick-panel/notes/${id}`, quickPanelItem, { method: 'PUT', body: note });
}

/** Replaces a note: the list shows it at once, then is fetched again. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (saved) => putNoteInCache(queryClient, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickPanelQueryOptions().queryKey }),
  });
}
