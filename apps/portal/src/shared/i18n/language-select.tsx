import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import LanguageIcon from '@mui/icons-material/Language';
import { useTranslation } from 'react-i18next';
import { useOnDemand } from '@/shared/lib/use-on-demand';
import { languages } from './languages';

const fetchLanguageMenu = () => import('./language-menu').then((module) => module.LanguageMenu);

/**
 * English, Türkçe, العربية; the choice is stored locally (SPEC §4). A button whose menu (MUI Menu,
 * Popover and Modal) is fetched at the first click, not with every page.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const menuId = useId();
  const [LanguageMenu, loadMenu] = useOnDemand(fetchLanguageMenu);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const title = languages.find((language) => language.id === i18n.language)?.title ?? i18n.language;

  const open = (event: MouseEvent<HTMLElement>) => {
    const button = event.currentTarget;
    loadMenu(() => setAnchor(button));
  };

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        aria-label={`${t('language.label')}: ${title}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        startIcon={<LanguageIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={open}
        sx={{ minWidth: 130, justifyContent: 'space-between' }}
      >
        <span lang={i18n.language}>{title}</span>
      </Button>
      {LanguageMenu && <LanguageMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
