import CasinoIcon from '@mui/icons-material/Casino';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { NavItem } from '@/features/shell/navigation/types';
import { paths } from '@/shared/config/paths';
import { authRoles } from '@/shared/lib/authorization';

/** SPEC §2 navigation menu; every item at level 145. */
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
