import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changeShellSettings, getSavedShellSettings, useShellSettings } from '@/shared/shell-settings/shell-settings';
import { useColorSchemeNames } from '@/shared/theme/color-scheme-names';
import { DEFAULT_SCHEME_ID, useColorSchemes } from '@/shared/theme/scheme-palettes';
import { SchemeSwatch } from '@/shared/theme/scheme-swatch';

/**
 * The player's main colour scheme and animations (SPEC §3 "Settings can be saved"): the same settings
 * as the Theme Settings drawer, applied at once and saved with the account (shared/shell-settings).
 */
export function SettingsForm() {
  const { t } = useTranslation();
  const names = useColorSchemeNames();
  const schemes = useColorSchemes();
  const main = useShellSettings((settings) => settings.themes.main);
  const animations = useShellSettings((settings) => settings.animations);
  const change = (patch: (saved: ReturnType<typeof getSavedShellSettings>) => Parameters<typeof changeShellSettings>[0]) =>
    changeShellSettings(patch(getSavedShellSettings()));

  return (
    <Card component="section" aria-labelledby="settings-heading">
      <CardContent>
        <Typography id="settings-heading" variant="h6" component="h2" gutterBottom>
          {t('profile.settings.title')}
        </Typography>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('profile.settings.hint')}
          </Typography>
          <TextField
            select
            label={t('profile.settings.theme')}
            value={schemes ? (schemes.some((scheme) => scheme.id === main) ? main : DEFAULT_SCHEME_ID) : ''}
            disabled={!schemes}
            onChange={(event) => change((saved) => ({ ...saved, themes: { ...saved.themes, main: event.target.value } }))}
            sx={{ maxWidth: 280 }}
          >
            {(schemes ?? []).map((scheme) => (
              <MenuItem key={scheme.id} value={scheme.id} sx={{ py: 0.5 }}>
                <SchemeSwatch palette={scheme.palette} name={names(scheme.id as never)} />
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch checked={animations} onChange={(event) => change((saved) => ({ ...saved, animations: event.target.checked }))} />
            }
            label={t('profile.settings.animations')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
