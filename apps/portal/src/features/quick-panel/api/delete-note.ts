import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteDeleteAnswer, type NoteDeleteAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { quickPanelQueryOptions } from './get-quick-panel-data';

/** DELETE /api/quick-panel/notes/:id. */
export function deleteNote(id: number): Promise<NoteDeleteAnswer> {
  return request(`/api/quick-panel/notes/${id}`, noteDeleteAnswer, { method: 'DELETE' });
}

/** Deletes a note; the panel's list drops it once the server did. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  const { queryKey } = quickPanelQueryOptions();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(queryKey, (data) => data && { ...data, notes: data.notes.filter((note) => note.id !== id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
