import { Link as RouterLink, useLocation } from 'react-router';
import IconButton from '@mui/material/IconButton';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { useShellStore } from '../lib/shell-store';

const useDocumentationButtonTexts = defineLazyTexts('documentationButton', {
  en: { label: 'Documentation' },
  tr: { label: 'Belgeler' },
  ar: { label: 'التوثيق' },
});

/**
 * SPEC §2 "/documentation, linked from a template button": the toolbar's link to the documentation,
 * for a signed-in account (documentation-button-slot.tsx); on a phone it is in the menu's footer, and
 * closes the menu on its way.
 */
export function DocumentationButton({ place }: { place: 'toolbar' | 'menu' }) {
  const t = useDocumentationButtonTexts();
  const here = useLocation().pathname.startsWith('/documentation');
  return (
    // A native hint: MUI's Tooltip would bring Popper along.
    <IconButton
      component={RouterLink}
      to="/documentation"
      aria-label={t('label')}
      title={t('label')}
      aria-current={here ? 'page' : undefined}
      color={here ? 'primary' : 'default'}
      onClick={() => useShellStore.getState().setMobileNavbarOpen(false)}
      // On a phone it is in the menu's footer too, as the information button is.
      sx={{ display: place === 'toolbar' ? 'inline-flex' : { xs: 'inline-flex', sm: 'none' } }}
    >
      <MenuBookOutlined />
    </IconButton>
  );
}
