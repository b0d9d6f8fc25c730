import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quickPanelItem, type NoteRequest, type QuickPanelItem } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { putNoteInCache, quickPanelQueryOptions } from './get-quick-panel-data';

/** POST /api/quick-panel/notes: a new note of the player's. */
export function addNote(note: NoteRequest): Promise<QuickPanelItem> {
  return request('/api/quick-panel/notes', quickPanelItem, { method: 'POST', body: note });
}

/** Adds a note: the list shows it at once, then is fetched again. A failure shows through the app's one error path. */
export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: (saved) => putNoteInCache(queryClient, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickPanelQueryOptions().queryKey }),
  });
}
