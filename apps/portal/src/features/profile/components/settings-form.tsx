import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserSettings } from '@reelcast/protocol';
import { showToast } from '@/shared/toasts/toast-store';
import { useUpdateUser } from '../api/update-user';

const themes = ['dark', 'light'] as const;

/** The user's saved settings (SPEC §3 "Settings can be saved"): sent whole, so the other fields survive. */
export function SettingsForm({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const mutation = useUpdateUser();
  const [theme, setTheme] = useState(settings.theme ?? 'dark');
  const [animations, setAnimations] = useState(settings.animations ?? true);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await mutation.mutateAsync({ user: { settings: { ...settings, theme, animations } } });
    showToast(t('profile.settings.saved'), { severity: 'success' });
  };

  return (
    <Card component="section" aria-labelledby="settings-heading">
      <CardContent>
        <Typography id="settings-heading" variant="h6" component="h2" gutterBottom>
          {t('profile.settings.title')}
        </Typography>
        <Stack component="form" spacing={2} onSubmit={(event) => void save(event).catch(() => {})} aria-labelledby="settings-heading">
          <TextField
            select
            label={t('profile.settings.theme')}
            value={theme}
            onChange={(event) => setTheme(event.target.value as (typeof themes)[number])}
            sx={{ maxWidth: 240 }}
          >
            {themes.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`profile.settings.themes.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={animations} onChange={(event) => setAnimations(event.target.checked)} />}
            label={t('profile.settings.animations')}
          />
          <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('profile.settings.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
