import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';
import { languages, simplerLanguages } from './languages';

/**
 * The simpler language switcher (SPEC §1 "a simpler switcher offers TR and EN"): two buttons, the
 * current language pressed; the choice is stored locally like the full select's (SPEC §4). A language
 * chosen elsewhere (Arabic in the shell, or Settings.json defaultLanguage) stays until one is pressed.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Box role="group" aria-label={t('language.label')} sx={{ display: 'inline-flex', gap: 0.5 }}>
      {simplerLanguages.map((id) => {
        const current = i18n.language === id;
        const title = languages.find((language) => language.id === id)?.title ?? id;
        return (
          <Button
            key={id}
            size="small"
            variant={current ? 'contained' : 'outlined'}
            color={current ? 'primary' : 'inherit'}
            aria-pressed={current}
            aria-label={`${id.toUpperCase()} – ${title}`}
            lang={id}
            onClick={() => void changeLanguage(id)}
            sx={{ minWidth: 44 }}
          >
            {id.toUpperCase()}
          </Button>
        );
      })}
    </Box>
  );
}
