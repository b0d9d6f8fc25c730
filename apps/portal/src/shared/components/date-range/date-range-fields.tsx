import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/tr';
import 'dayjs/locale/ar-sa';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { isLanguageId } from '@/shared/i18n/languages';
import { dayjsLocales, pickerTexts } from './picker-texts';

const DAY = 'YYYY-MM-DD';
/** SPEC §2: dates display as DD.MM.YYYY, in the field too. */
const SHOWN = 'DD.MM.YYYY';

type DateRangeFieldsProps = {
  fromLabel: string;
  toLabel: string;
  /** Local days, YYYY-MM-DD. */
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
};

/**
 * One day field: typed as DD.MM.YYYY (each part a spin button: digits, arrow keys) or picked from its
 * calendar. A day half typed stays in the field and changes nothing; a whole one or an emptied field
 * changes its end of the range.
 */
function DayField({
  label,
  day,
  min,
  max,
  onDay,
}: {
  label: string;
  day?: string;
  min?: string;
  max?: string;
  onDay: (day?: string) => void;
}) {
  const [draft, setDraft] = useState<{ day?: string; value: Dayjs | null }>({ day, value: day ? dayjs(day) : null });
  // The URL moved on (Clear filters, back): the field follows it.
  if (draft.day !== day) setDraft({ day, value: day ? dayjs(day) : null });
  return (
    <DatePicker
      label={label}
      format={SHOWN}
      value={draft.value}
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      onChange={(value) => {
        const next = value?.isValid() ? value.format(DAY) : value === null ? undefined : day;
        setDraft({ day: next, value });
        if (next !== day) onDay(next);
      }}
      slotProps={{ textField: { size: 'small', sx: { width: 190 } }, field: { clearable: true } }}
    />
  );
}

/**
 * The lists' date range as two DD.MM.YYYY day fields with calendars (MUI X date pickers on dayjs), in
 * the player's language; its code loads with the list pages, never with a first view.
 */
export function DateRangeFields({ fromLabel, toLabel, from, to, onChange }: DateRangeFieldsProps) {
  const { i18n } = useTranslation();
  const language = isLanguageId(i18n.language) ? i18n.language : 'en';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocales[language]} localeText={pickerTexts[language]}>
      <DayField label={fromLabel} day={from} max={to} onDay={(day) => onChange({ from: day, to })} />
      <DayField label={toLabel} day={to} min={from} onDay={(day) => onChange({ from, to: day })} />
    </LocalizationProvider>
  );
}
