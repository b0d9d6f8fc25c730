import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';
import { isLanguageId, languages } from './languages';

/** English, Türkçe, العربية; the choice is stored locally (SPEC §4). */
export function LanguageSelect({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      size={size}
      label={t('language.label')}
      value={i18n.language}
      onChange={(event) => {
        if (isLanguageId(event.target.value)) void changeLanguage(event.target.value);
      }}
      // A native select: light to load and the platform's own picker on phones.
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 130 }}
    >
      {languages.map((language) => (
        <option key={language.id} value={language.id} lang={language.id}>
          {language.title}
        </option>
      ))}
    </TextField>
  );
}
