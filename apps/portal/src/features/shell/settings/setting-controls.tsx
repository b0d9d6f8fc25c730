import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';

/** A named group of radios, one per option. */
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
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId} sx={{ fontSize: '0.875rem', fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={nameOf(option)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** A labelled on/off switch. */
export function SwitchSetting({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <FormControlLabel control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />} label={label} />;
}
