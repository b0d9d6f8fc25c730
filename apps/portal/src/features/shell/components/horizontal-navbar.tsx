import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { LobbyLogoLink } from './lobby-logo-link';
import { useShellLayout } from '../lib/shell-layout';
import { HorizontalNavigation } from '../navigation/horizontal-navigation';
import type { NavItem } from '../navigation/types';

type HorizontalNavbarProps = {
  /** The navigation tree already pruned for the user. */
  items: readonly NavItem[];
  /** layout3: a dense bar under the toolbar, whose logo is in the toolbar. */
  compact: boolean;
};

/** The navigation bar of layout2 (the logo, then the menu) and layout3 (a dense menu). */
export function HorizontalNavbar({ items, compact }: HorizontalNavbarProps) {
  const { t } = useTranslation();
  const { container } = useShellLayout();
  return (
    <Box
      id="navbar"
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, minHeight: compact ? 48 : 64, maxWidth: container, mx: 'auto' }}>
        {!compact && <LobbyLogoLink />}
        <Box component="nav" aria-label={t('nav.menu')} sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
          <HorizontalNavigation items={items} dense={compact} />
        </Box>
      </Box>
    </Box>
  );
}
