import TextField from '@mui/material/TextField';

type DateRangeFieldsProps = {
  fromLabel: string;
  toLabel: string;
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
};

/** Two day pickers (YYYY-MM-DD, the browser's own date input); an emptied field clears its end of the range. */
export function DateRangeFields({ fromLabel, toLabel, from, to, onChange }: DateRangeFieldsProps) {
  const field = (label: string, value: string | undefined, key: 'from' | 'to', bound: { min?: string; max?: string }) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange({ from, to, [key]: event.target.value || undefined })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: bound }}
    />
  );
  return (
    <>
      {field(fromLabel, from, 'from', { max: to })}
      {field(toLabel, to, 'to', { min: from })}
    </>
  );
}
