import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useTheme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { isItemActive } from './match';
import type { NavBadge, NavCollapseItem, NavGroupItem, NavItem } from './types';

/** SPEC §9: hover submenus open and close after 150 ms without the pointer moving elsewhere. */
export const SUBMENU_DELAY_MS = 150;

type Props = {
  /** The navigation tree already pruned for the user (`usePrunedNavigation`). */
  items: readonly NavItem[];
  /** layout3's denser bar. */
  dense?: boolean;
};

/**
 * SPEC §2 navigation in a row (layout2 and layout3): items and links as buttons, groups and collapses
 * as buttons that open a menu on hover (after SUBMENU_DELAY_MS), on click, or with Enter, Space or
 * ArrowDown. In a menu, Up and Down move (MUI), the forward arrow opens a nested menu and the back
 * arrow closes it (Right and Left, swapped in RTL), Esc closes one level and gives the focus back.
 */
export function HorizontalNavigation({ items, dense = false }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: dense ? 0.25 : 0.5, minWidth: 0 }}>
      {items.map((item) => (
        <TopNode key={item.id} item={item} dense={dense} />
      ))}
    </Box>
  );
}

const titleOf = (item: Exclude<NavItem, { type: 'divider' }>, t: TFunction) => (item.translate ? t(item.translate) : item.title);

function TopNode({ item, dense }: { item: NavItem; dense: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (item.type === 'divider') return <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />;
  if (item.type === 'group' || item.type === 'collapse') return <Submenu item={item} dense={dense} />;
  const active = isItemActive(item, pathname);
  const Icon = item.icon;
  const common = {
    color: active ? ('primary' as const) : ('inherit' as const),
    size: dense ? ('small' as const) : ('medium' as const),
    startIcon: Icon ? <Icon /> : undefined,
    endIcon: item.badge ? <Badge badge={item.badge} /> : undefined,
    sx: { whiteSpace: 'nowrap', bgcolor: active ? 'action.selected' : undefined },
  };
  const title = titleOf(item, t);
  if (item.type === 'link') {
    return (
      <Button {...common} href={item.url} target={item.target} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}>
        {title}
      </Button>
    );
  }
  return (
    <Button {...common} component={NavLink} to={item.url} end={item.exact} aria-current={active ? 'page' : undefined}>
      {title}
    </Button>
  );
}

type SubmenuProps = {
  item: NavGroupItem | NavCollapseItem;
  dense: boolean;
  /** Inside another menu: its trigger is a menu item and it opens to the side. */
  parent?: { closeAll: () => void };
  /** Set by MenuList on its first item when the menu opened from the keyboard. */
  autoFocus?: boolean;
};

/** A group or collapse: its trigger and, while open, its menu. */
function Submenu({ item, dense, parent, autoFocus }: SubmenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const rtl = useTheme().direction === 'rtl';
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const menuId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const active = isItemActive(item, pathname);
  const title = titleOf(item, t);
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const hover = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next) setFocusFirst(false);
      setOpen(next);
    }, SUBMENU_DELAY_MS);
  };
  const show = (withFocus: boolean) => {
    clearTimeout(timer.current);
    setFocusFirst(withFocus);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    clearTimeout(timer.current);
    setOpen(false);
    if (returnFocus) anchor?.focus();
  };
  const closeAll = parent?.closeAll ?? (() => close(false));
  // A click from Enter or Space (detail 0) also moves the focus into the menu.
  const onClick = (event: MouseEvent) => show(event.detail === 0);
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === (parent ? forward : 'ArrowDown')) {
      event.preventDefault();
      show(true);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || (parent && event.key === back)) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      // Every level closes and the focus goes back to the bar, from where Tab moves on.
      close(true);
      return;
    }
    // The menus around this one are its parents in React: they must not act on its keys again.
    event.stopPropagation();
  };
  const Icon = item.icon;
  const trigger = {
    ref: setAnchor,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick,
    onKeyDown: onTriggerKeyDown,
  };

  const menu = (
    <Popper
      open={open}
      anchorEl={anchor}
      placement={parent ? (rtl ? 'left-start' : 'right-start') : 'bottom-start'}
      sx={{ zIndex: 'modal' }}
    >
      <Paper elevation={8} onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)} onKeyDown={onMenuKeyDown}>
        <MenuList id={menuId} aria-label={title} autoFocusItem={focusFirst} dense={dense} sx={{ minWidth: 200 }}>
          {item.children.map((child) => (
            <MenuNode key={child.id} item={child} dense={dense} closeAll={closeAll} />
          ))}
        </MenuList>
      </Paper>
    </Popper>
  );

  if (parent) {
    const Arrow = rtl ? ChevronLeftIcon : ChevronRightIcon;
    return (
      <>
        <MenuItem {...trigger} autoFocus={autoFocus} selected={active} onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)}>
          {Icon && (
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText>{title}</ListItemText>
          <Arrow fontSize="small" sx={{ ml: 1 }} />
        </MenuItem>
        {menu}
      </>
    );
  }
  return (
    <ClickAwayListener onClickAway={() => open && close(false)}>
      <Box sx={{ display: 'flex' }} onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)}>
        <Button
          {...trigger}
          color={active ? 'primary' : 'inherit'}
          size={dense ? 'small' : 'medium'}
          startIcon={Icon ? <Icon /> : undefined}
          endIcon={<ExpandMoreIcon />}
          sx={{ whiteSpace: 'nowrap', bgcolor: active ? 'action.selected' : undefined }}
        >
          {title}
        </Button>
        {menu}
      </Box>
    </ClickAwayListener>
  );
}

type MenuNodeProps = { item: NavItem; dense: boolean; closeAll: () => void; autoFocus?: boolean };

/** One entry of a menu: a page, an external link, a nested menu or a divider. */
function MenuNode({ item, dense, closeAll, autoFocus }: MenuNodeProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (item.type === 'divider') return <Divider component="li" />;
  if (item.type === 'group' || item.type === 'collapse')
    return <Submenu item={item} dense={dense} parent={{ closeAll }} autoFocus={autoFocus} />;
  const active = isItemActive(item, pathname);
  const Icon = item.icon;
  const content = (
    <>
      {Icon && (
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      <ListItemText>{titleOf(item, t)}</ListItemText>
      {item.badge && <Badge badge={item.badge} />}
    </>
  );
  if (item.type === 'link') {
    return (
      <MenuItem
        component="a"
        href={item.url}
        target={item.target}
        rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
        autoFocus={autoFocus}
        onClick={closeAll}
      >
        {content}
      </MenuItem>
    );
  }
  return (
    <MenuItem
      component={NavLink}
      to={item.url}
      end={item.exact}
      selected={active}
      aria-current={active ? 'page' : undefined}
      autoFocus={autoFocus}
      onClick={closeAll}
    >
      {content}
    </MenuItem>
  );
}

function Badge({ badge }: { badge: NavBadge }) {
  return <Chip size="small" label={badge.title} sx={{ bgcolor: badge.bg, color: badge.fg, height: 20, ml: 1 }} />;
}
