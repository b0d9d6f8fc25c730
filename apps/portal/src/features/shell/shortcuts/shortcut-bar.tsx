import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useOnDemand } from '@/shared/lib/use-on-demand';
import { useSession } from '@/shared/session/session-store';
import { isUrlActive } from '../navigation/match';
import type { NavItem } from '../navigation/types';
import { useToolbarFold } from '@/shared/components/toolbar-fold';
import { useShortcutPages, type ShortcutPage } from './shortcut-pages';

// The star's menu and its search load on first use (docs/benchmarks.md first load): the bar is links.
const fetchMenu = () => import('./shortcut-menu').then((module) => module.ShortcutMenu);

/** A shortcut's link: the router's for a page of the portal, a plain one for a `link` item. */
const linkProps = (page: ShortcutPage) =>
  page.type === 'link'
    ? { component: 'a' as const, href: page.url, target: page.target, rel: page.target === '_blank' ? 'noopener noreferrer' : undefined }
    : { component: RouterLink, to: page.url };

/**
 * SPEC §2 shortcut bar: the signed-in player's shortcuts (`user.data.shortcuts`) as icon links named
 * by their pages' titles, and the star that opens the menu adding or removing them. `items` is the
 * navigation tree already pruned for the user, the menu's own.
 */
export function ShortcutBar({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = useSession((state) => state.status === 'authenticated' && state.user !== null);
  const pages = useShortcutPages(items);
  // Not once the toolbar is short of room for the promotions (docs/portal-shell.md "The toolbar"): the star's menu reaches every page.
  const linksShown = ['none', 'tools'].includes(useToolbarFold());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [Menu, load] = useOnDemand(fetchMenu);
  const menuId = useId();
  if (!signedIn) return null;
  const label = t('shortcuts.toggle');
  return (
    <Box component="nav" aria-label={t('shortcuts.bar')} sx={{ display: 'flex', alignItems: 'center' }}>
      {linksShown && pages.length > 0 && (
        <Box component="ul" sx={{ display: 'flex', alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}>
          {pages.map((page) => {
            const title = page.translate ? t(page.translate) : page.title;
            const Icon = page.icon;
            const current = page.type === 'item' && isUrlActive(page.url, pathname, page.exact);
            return (
              <li key={page.id}>
                <IconButton
                  {...linkProps(page)}
                  aria-label={title}
                  title={title}
                  aria-current={current ? 'page' : undefined}
                  color={current ? 'primary' : 'default'}
                  data-testid="shortcut"
                >
                  {Icon ? (
                    <Icon />
                  ) : (
                    <Box component="span" aria-hidden sx={{ width: 24, fontWeight: 700, lineHeight: '24px' }}>
                      {title.charAt(0)}
                    </Box>
                  )}
                </IconButton>
              </li>
            );
          })}
        </Box>
      )}
      {/* A native hint: MUI's Tooltip would bring Popper into every shell page. */}
      <IconButton
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          const button = event.currentTarget;
          load(() => setAnchor(button));
        }}
      >
        <StarBorderIcon />
      </IconButton>
      {Menu && anchor && <Menu id={menuId} anchor={anchor} items={items} onClose={() => setAnchor(null)} />}
    </Box>
  );
}
