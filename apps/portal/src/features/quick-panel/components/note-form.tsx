import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { QUICK_PANEL_DETAIL_MAX_LENGTH, QUICK_PANEL_TITLE_MAX_LENGTH, type NoteRequest } from '@reelcast/protocol';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';

/**
 * A note's title (required, one line) and detail, for a new note or one being edited. Esc cancels
 * the edit here (a second Esc closes the panel); saving waits for the server, and a failure keeps
 * what was typed (its message shows through the app's one error path).
 */
export function NoteForm({
  initial = { title: '', detail: '' },
  label,
  onSave,
  onCancel,
}: {
  initial?: { title: string; detail: string };
  /** Names the form: 'Add a note', or 'Edit note: …'. */
  label: string;
  onSave: (note: NoteRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useQuickPanelTexts();
  const [title, setTitle] = useState(initial.title);
  const [detail, setDetail] = useState(initial.detail);
  const [saving, setSaving] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || saving) return;
    setSaving(true);
    onSave({ title: title.trim(), detail: detail.trim() })
      .catch(() => {})
      .finally(() => setSaving(false));
  };
  return (
    <Box
      component="form"
      aria-label={label}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <TextField
        label={t('noteTitle')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        autoFocus
        size="small"
        slotProps={{ htmlInput: { maxLength: QUICK_PANEL_TITLE_MAX_LENGTH } }}
      />
      <TextField
        label={t('noteDetail')}
        value={detail}
        onChange={(event) => setDetail(event.target.value)}
        multiline
        minRows={2}
        maxRows={8}
        size="small"
        slotProps={{ htmlInput: { maxLength: QUICK_PANEL_DETAIL_MAX_LENGTH } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button size="small" variant="contained" type="submit" disabled={!title.trim() || saving}>
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}
