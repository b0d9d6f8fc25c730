import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { ActionCode } from '@reelcast/protocol';
import { actionCodes } from '../lib/transactions-search';

/** The action-code filter (SPEC §3 amount action codes, plus the promotions). */
export function ActionSelect({ value, onChange }: { value?: ActionCode; onChange: (value: ActionCode | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 160 }}>
      {/* Always above the field: 'All types' fills it when nothing is chosen, and the label would lie on it. */}
      <InputLabel id={`${id}-label`} shrink>
        {t('transactions.action')}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={t('transactions.action')}
        notched
        value={value === undefined ? '' : String(value)}
        displayEmpty
        onChange={(event) => onChange(event.target.value === '' ? undefined : (Number(event.target.value) as ActionCode))}
      >
        <MenuItem value="">{t('transactions.allActions')}</MenuItem>
        {actionCodes.map((code) => (
          <MenuItem key={code} value={String(code)}>
            {t(`transactions.actions.${code}`)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
