import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';
import { languages, type LanguageId } from './languages';

type LanguageMenuProps = { id: string; anchor: HTMLElement | null; onClose: () => void };

/** The languages to pick from, under the language button. */
export function LanguageMenu({ id, anchor, onClose }: LanguageMenuProps) {
  const { i18n } = useTranslation();
  const pick = (language: LanguageId) => {
    onClose();
    void changeLanguage(language);
  };
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.id}
          lang={language.id}
          role="menuitemradio"
          aria-checked={language.id === i18n.language}
          selected={language.id === i18n.language}
          onClick={() => pick(language.id)}
        >
          {language.title}
        </MenuItem>
      ))}
    </Menu>
  );
}
