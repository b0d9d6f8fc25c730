import { useId } from 'react';
import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/shared/i18n/i18n';
import { languages, simplerLanguages, type LanguageId } from '@/shared/i18n/languages';

const titleOf = (id: string) => languages.find((language) => language.id === id)?.title ?? id;

/**
 * SPEC §9's language list of the chat: Turkish and English, as the login's simpler switcher offers them,
 * as a select like the panel's own status. A language chosen elsewhere (Arabic in the shell) shows as
 * the current one until another is picked; the choice is the portal's, stored as the login's is.
 */
export function ChatLanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.language;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="label" htmlFor={id} sx={{ fontSize: 14, color: 'text.secondary' }}>
        {t('language.label')}
      </Box>
      <NativeSelect
        id={id}
        value={current}
        onChange={(event) => void changeLanguage(event.target.value as LanguageId)}
        disableUnderline
        sx={{ fontSize: 14, minHeight: 32 }}
      >
        {!simplerLanguages.includes(current as LanguageId) && (
          <option value={current} disabled>
            {titleOf(current)}
          </option>
        )}
        {simplerLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {titleOf(language)}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}
