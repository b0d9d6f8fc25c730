import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { NOTES_PER_PLAYER_MAX, type QuickPanelItem } from '@reelcast/protocol';
import { useAddNote } from '../api/add-note';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote } from '../api/update-note';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';
import { NoteForm } from './note-form';

/** Which form is open: a new note's, a note's by id, or none. */
type Editing = 'new' | number | null;

/**
 * The player's notes, newest first: add, edit and delete them here (saved at once on the server).
 * When a form closes, focus goes back to the button that opened it.
 */
export function NoteList({ notes }: { notes: readonly QuickPanelItem[] }) {
  const t = useQuickPanelTexts();
  const add = useAddNote();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<Editing>(null);
  /** Whose button takes the focus once the list has drawn: the add button's, or a note's edit button. */
  const focusAfter = useRef<Editing>(null);
  const list = useRef<HTMLDivElement>(null);
  const full = notes.length >= NOTES_PER_PLAYER_MAX;

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null || editing !== null) return;
    focusAfter.current = null;
    const selector = target === 'new' ? '[data-add-note]' : `[data-edit-note="${target}"]`;
    list.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [editing, notes]);

  const close = (what: Editing) => {
    focusAfter.current = what;
    setEditing(null);
  };

  return (
    <Box ref={list} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {editing === 'new' ? (
        <NoteForm label={t('addNote')} onSave={(note) => add.mutateAsync(note).then(() => close('new'))} onCancel={() => close('new')} />
      ) : (
        <Button
          data-add-note
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={full}
          aria-describedby={full ? 'quick-panel-notes-full' : undefined}
          onClick={() => setEditing('new')}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('addNote')}
        </Button>
      )}
      {full && (
        <Typography id="quick-panel-notes-full" variant="body2" color="text.secondary">
          {t('notesFull', { max: NOTES_PER_PLAYER_MAX })}
        </Typography>
      )}
      {notes.length === 0 && editing !== 'new' && (
        <Typography variant="body2" color="text.secondary">
          {t('noNotes')}
        </Typography>
      )}
      {notes.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {notes.map((note) => (
            <Box component="li" key={note.id} sx={{ borderRadius: 1, bgcolor: 'action.hover', p: 1.5 }}>
              {editing === note.id ? (
                <NoteForm
                  label={t('editNote', { title: note.title })}
                  initial={note}
                  onSave={(changed) => update.mutateAsync({ ...changed, id: note.id }).then(() => close(note.id))}
                  onCancel={() => close(note.id)}
                />
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                      {note.title}
                    </Typography>
                    {note.detail && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        {note.detail}
                      </Typography>
                    )}
                  </Box>
                  <IconButton
                    size="small"
                    data-edit-note={note.id}
                    aria-label={t('editNote', { title: note.title })}
                    onClick={() => setEditing(note.id)}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('deleteNote', { title: note.title })}
                    disabled={remove.isPending && remove.variables === note.id}
                    onClick={() => remove.mutate(note.id, { onSuccess: () => (focusAfter.current = 'new') })}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
