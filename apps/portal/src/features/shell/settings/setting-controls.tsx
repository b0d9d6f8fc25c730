import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

/**
 * A named group of radios, one per option: the browser's own radios in the theme's colour (arrow keys
 * move between them), lighter than MUI's Radio.
 */
export function ChoiceSetting<T extends string>({
  label,
  value,
  options,
  nameOf,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  nameOf: (option: T) => string;
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  const name = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" id={labelId} variant="body2" sx={{ p: 0, mb: 0.5, fontWeight: 600, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }}>
        {options.map((option) => (
          <Box
            key={option}
            component="label"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 32, cursor: 'pointer' }}
          >
            <Box
              component="input"
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              sx={{ m: 0, width: 18, height: 18, accentColor: (theme) => theme.palette.primary.main, cursor: 'pointer' }}
            />
            <Typography variant="body2" component="span">
              {nameOf(option)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A labelled on/off switch. */
export function SwitchSetting({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
      slotProps={{ typography: { variant: 'body2' } }}
    />
  );
}
