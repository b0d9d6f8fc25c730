import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ThemePart } from '@/shared/shell-settings/shell-settings';
import { useColorSchemeNames } from '@/shared/theme/color-scheme-names';
import type { ColorScheme } from '@/shared/theme/scheme-palettes';
import { SchemeSwatch } from '@/shared/theme/scheme-swatch';
import { changePartScheme } from './change-settings';
import { useSettingsTexts } from './settings-texts';

/** The colour scheme of one part of the shell; each option shows the scheme's own colours. */
export function SchemeSelect({ part, value, schemes }: { part: ThemePart; value: string; schemes: readonly ColorScheme[] }) {
  const t = useSettingsTexts();
  const names = useColorSchemeNames();
  const known = schemes.some((scheme) => scheme.id === value) ? value : (schemes[0]?.id ?? value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t(`parts.${part}`)}
      value={known}
      onChange={(event) => changePartScheme(part, event.target.value)}
      slotProps={{
        select: {
          renderValue: (id) => {
            const scheme = schemes.find((candidate) => candidate.id === id);
            return scheme ? <SchemeSwatch palette={scheme.palette} name={names(scheme.id as never)} /> : null;
          },
        },
      }}
    >
      {schemes.map((scheme) => (
        <MenuItem key={scheme.id} value={scheme.id} sx={{ py: 0.5 }}>
          <SchemeSwatch palette={scheme.palette} name={names(scheme.id as never)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
