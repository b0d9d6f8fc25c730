import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { PER_PAGE_OPTIONS, type PerPage } from '@reelcast/protocol';

/** SPEC §9 items-per-page. */
export function PerPageSelect({ label, value, onChange }: { label: string; value: PerPage; onChange: (value: PerPage) => void }) {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 140 }}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as PerPage)}
      >
        {PER_PAGE_OPTIONS.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
