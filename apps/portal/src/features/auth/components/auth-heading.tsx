import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '@/shared/components/logo';
import { useSettings } from '@/shared/config/settings';
import { LanguageSwitcher } from '@/shared/i18n/language-switcher';

/**
 * The top of an auth page: the logo, /login's language switcher (TR and EN, when the settings show it;
 * the shell's full select would split a chunk out of the lobby's first load), the page's title.
 */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  const { languageSelect } = useSettings();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <Logo size={44} />
        {languageSelect && <LanguageSwitcher />}
      </Box>
      <div>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      </div>
    </>
  );
}
