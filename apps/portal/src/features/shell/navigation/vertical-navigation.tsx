import { lazy, Suspense, useState, type PointerEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { isItemActive } from './match';
import type { NavBadge, NavItem } from './types';

// Only a menu with a collapse needs MUI's Collapse (the SPEC §2 menu has none): not in the first load.
const Collapse = lazy(() => import('@mui/material/Collapse'));

type Props = {
  /** The tree already pruned for the user (match.ts pruneNavigation): the menu shows it as it is. */
  items: readonly NavItem[];
  /** Icons only (the folded navbar). */
  dense?: boolean;
  onItemClick?: () => void;
};

/** SHELL.md: 24 px at level 0, then 40 + 16 per level, capped at 80 (SPEC §2). */
export const indent = (depth: number) => (depth === 0 ? 24 : Math.min(40 + 16 * depth, 80));

export function VerticalNavigation({ items, dense = false, onItemClick }: Props) {
  const { t } = useTranslation();
  return (
    <List component="div" disablePadding aria-label={t('nav.menu')}>
      {items.map((item) => (
        <NavNode key={item.id} item={item} depth={0} dense={dense} onItemClick={onItemClick} />
      ))}
    </List>
  );
}

function NavNode({ item, depth, dense, onItemClick }: { item: NavItem; depth: number; dense: boolean; onItemClick?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isItemActive(item, pathname);
  const [open, setOpen] = useState(active);
  // SPEC §2: a collapse opens by itself when one of its children comes to match the path.
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpen(true);
  }

  // A plain rule: MUI's Divider would add its chunk to every shell page's first load.
  if (item.type === 'divider') return <Box component="hr" sx={{ my: 1, mx: 0, border: 0, borderTop: 1, borderColor: 'divider' }} />;

  const title = item.translate ? t(item.translate) : item.title;
  const Icon = item.icon;
  const icon = Icon ? (
    <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
      <Icon />
    </ListItemIcon>
  ) : null;
  const text = <NavText title={title} dense={dense} />;
  const common = { sx: { pl: `${indent(depth)}px`, borderRadius: 2, mx: 1, my: 0.25 } };

  switch (item.type) {
    case 'group':
      return (
        <List
          component="div"
          disablePadding
          subheader={
            dense ? undefined : (
              <Typography component="div" variant="overline" color="text.secondary" sx={{ px: 2, lineHeight: '32px' }}>
                {title}
              </Typography>
            )
          }
        >
          {item.children.map((child) => (
            <NavNode key={child.id} item={child} depth={depth} dense={dense} onItemClick={onItemClick} />
          ))}
        </List>
      );
    case 'collapse':
      return (
        <>
          <ListItemButton {...common} selected={active && !open} onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {icon}
            {text}
            {!dense && (open ? <ExpandLess /> : <ExpandMore />)}
          </ListItemButton>
          <Suspense fallback={null}>
            <Collapse in={open} unmountOnExit>
              <List component="div" disablePadding>
                {item.children.map((child) => (
                  <NavNode key={child.id} item={child} depth={depth + 1} dense={dense} onItemClick={onItemClick} />
                ))}
              </List>
            </Collapse>
          </Suspense>
        </>
      );
    case 'item':
      return (
        <ListItemButton
          {...common}
          component={NavLink}
          to={item.url}
          end={item.exact}
          selected={active}
          aria-current={active ? 'page' : undefined}
          onClick={onItemClick}
          aria-label={dense ? title : undefined}
        >
          {icon}
          {text}
          {!dense && item.badge && <Badge badge={item.badge} />}
        </ListItemButton>
      );
    case 'link':
      return (
        <ListItemButton
          {...common}
          component="a"
          href={item.url}
          target={item.target}
          rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
          onClick={onItemClick}
        >
          {icon}
          {text}
          {!dense && item.badge && <Badge badge={item.badge} />}
        </ListItemButton>
      );
  }
}

/**
 * An item's label on one line: a label longer than the navbar ends in an ellipsis, and the full label
 * is its hint (the native title, as the toolbar's: MUI's Tooltip would bring Popper), set when the
 * pointer finds it cut. The link's accessible name is the full label either way.
 */
function NavText({ title, dense }: { title: string; dense: boolean }) {
  const [hint, setHint] = useState<string>();
  const onPointerEnter = (event: PointerEvent<HTMLElement>) => {
    const { scrollWidth, clientWidth } = event.currentTarget;
    setHint(scrollWidth > clientWidth ? title : undefined);
  };
  return (
    <ListItemText primary={title} slotProps={{ primary: { noWrap: true, title: hint, onPointerEnter } }} sx={{ opacity: dense ? 0 : 1 }} />
  );
}

function Badge({ badge }: { badge: NavBadge }) {
  return <Chip size="small" label={badge.title} sx={{ bgcolor: badge.bg, color: badge.fg, height: 20 }} />;
}
