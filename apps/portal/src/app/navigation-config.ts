import CasinoIcon from '@mui/icons-material/Casino';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NavItem } from '@/features/shell/navigation/types';
import { paths } from '@/shared/config/paths';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { authRoles, hasPermission } from '@/shared/lib/authorization';
import { useSession } from '@/shared/session/session-store';

/** SPEC §2 navigation menu, the players' six items; every item at level 145. */
export const navigationConfig: NavItem[] = [
  {
    id: 'lobby',
    type: 'item',
    title: 'Lobby',
    translate: 'nav.lobby',
    icon: CasinoIcon,
    url: paths.lobby.path,
    auth: authRoles.user,
    level: 145,
  },
  {
    id: 'profile',
    type: 'item',
    title: 'Profile',
    translate: 'nav.profile',
    icon: PersonIcon,
    url: paths.profile.path,
    auth: authRoles.user,
    level: 145,
  },
  {
    id: 'slot-sessions',
    type: 'item',
    title: 'Slot Sessions',
    translate: 'nav.slotSessions',
    icon: HistoryIcon,
    url: paths.slotSessions.path,
    auth: authRoles.user,
    level: 145,
  },
  {
    id: 'transactions',
    type: 'item',
    title: 'Transactions',
    translate: 'nav.transactions',
    icon: ReceiptLongIcon,
    url: paths.transactions.path,
    auth: authRoles.user,
    level: 145,
  },
  {
    id: 'rules',
    type: 'item',
    title: 'Rules',
    translate: 'nav.rules',
    icon: GavelIcon,
    url: paths.rules.path,
    auth: authRoles.user,
    level: 145,
  },
  {
    id: 'logout',
    type: 'item',
    title: 'Logout',
    translate: 'nav.logout',
    icon: LogoutIcon,
    url: paths.logout.path,
    auth: authRoles.user,
    level: 145,
  },
];

let teamItems: NavItem[] | undefined;

/**
 * The navigation the shell prunes and shows: the SPEC §2 menu, and for admin and staff the "Pages" and
 * "UI" groups of the demo, auth and UI pages (team-navigation.ts). Players never download those: the
 * module is asked for only when the role list holds admin or staff, once the first page is on screen
 * with its data, so it does not weigh on the first load.
 */
export function useNavigationConfig(): NavItem[] {
  const team = useSession((state) => hasPermission(authRoles.staff, state.role));
  const queryClient = useQueryClient();
  const [items, setItems] = useState(teamItems);
  useEffect(() => {
    if (!team || items) return;
    let live = true;
    afterFirstView(queryClient)
      .then(() => import('./team-navigation'))
      .then(
        (module) => {
          teamItems = [...navigationConfig, ...module.teamNavigation];
          if (live) setItems(teamItems);
        },
        () => {},
      );
    return () => {
      live = false;
    };
  }, [team, items, queryClient]);
  return team && items ? items : navigationConfig;
}
