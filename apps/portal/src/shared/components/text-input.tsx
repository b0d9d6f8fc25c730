import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

type TextInputProps = Pick<
  OutlinedInputProps,
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'required'
  | 'error'
  | 'endAdornment'
  | 'inputRef'
  | 'inputProps'
> & {
  label: string;
  helperText?: ReactNode;
  fullWidth?: boolean;
};

/**
 * An outlined text box with its label and helper text, as MUI's TextField draws it. TextField also
 * has a select mode, so it imports Select, Menu, Popover and Modal: about 10 kB gzip that a first
 * visit to /login would download for nothing.
 */
export function TextInput({ label, helperText, fullWidth, required, error, ...input }: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
