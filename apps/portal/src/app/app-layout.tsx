import { ScrollRestoration } from 'react-router';
import Box from '@mui/material/Box';
import { ChatButtonSlot } from '@/features/chat/components/chat-button-slot';
import { ChatPanelSlot } from '@/features/chat/components/chat-panel-slot';
import { ReconnectDialogSlot } from '@/features/game/components/reconnect-dialog-slot';
import { PromotionButtons } from '@/features/promotions/components/promotion-buttons';
import { QuickPanelButtonSlot, QuickPanelSlot } from '@/features/quick-panel/components/quick-panel-slots';
import { AdminBarSlot } from '@/features/shell/admin-bar/admin-bar-slot';
import { DocumentationButtonSlot } from '@/features/shell/components/documentation-button-slot';
import { Footer } from '@/features/shell/components/footer';
import { InformationButton } from '@/features/shell/components/information-button';
import { LastLoginDetails } from '@/features/shell/components/last-login-details';
import { Layout } from '@/features/shell/components/layout';
import { NavbarDrawer } from '@/features/shell/components/navbar-drawer';
import { ToolbarSearch } from '@/features/shell/navigation/toolbar-search';
import { usePrunedNavigation } from '@/features/shell/navigation/use-pruned-navigation';
import { ShortcutBarSlot } from '@/features/shell/shortcuts/shortcut-bar-slot';
import { useShortcutPages } from '@/features/shell/shortcuts/shortcut-pages';
import { SettingsPanelButtons, SettingsPanelMoreButtons } from '@/features/shell/settings/settings-panel-buttons';
import { Toolbar } from '@/features/shell/components/toolbar';
import { UserPanel } from '@/features/shell/components/user-panel';
import { CurrentBalance } from '@/features/wallet/components/current-balance';
import { ToolbarBalance } from '@/features/wallet/components/toolbar-balance';
import { ContactLinks } from '@/shared/components/contact-links';
import { useSettings } from '@/shared/config/settings';
import { LanguageSelect } from '@/shared/i18n/language-select';
import { useSession } from '@/shared/session/session-store';
import { useNavigationConfig } from './navigation-config';

/** Fills the shell's slots with the features that live in them. */
export function AppLayout() {
  // One tree pruned for the user (role, type, Permissions): the menu, the search and the shortcuts read it.
  const navigation = usePrunedNavigation(useNavigationConfig());
  const settings = useSettings();
  // A guest (a guests-only page in the shell) has no balance, and no page the search could find.
  const signedIn = useSession((state) => state.user !== null);
  const shortcuts = useShortcutPages(navigation).length;
  return (
    <>
      <ScrollRestoration />
      <Layout
        toolbar={
          <>
            <AdminBarSlot />
            <Toolbar
              start={
                <>
                  {navigation.length > 0 && <ToolbarSearch items={navigation} />}
                  <ShortcutBarSlot items={navigation} />
                </>
              }
              shortcuts={shortcuts}
              tools={
                <>
                  {settings.informationButton && <InformationButton />}
                  <DocumentationButtonSlot place="toolbar" />
                  {settings.languageSelect && <LanguageSelect />}
                  <QuickPanelButtonSlot />
                </>
              }
              end={<ChatButtonSlot />}
              money={
                <>
                  {/* In the first paint (its weekly warning dialog comes on demand): arriving later, it moved the toolbar. */}
                  <PromotionButtons />
                  {signedIn && <ToolbarBalance />}
                </>
              }
              moreOnPhones={<SettingsPanelMoreButtons />}
            />
          </>
        }
        navigation={navigation}
        navbar={
          <NavbarDrawer
            items={navigation}
            userPanel={<UserPanel balance={<CurrentBalance />} />}
            footer={
              <>
                {/* On a phone, the toolbar's icon buttons that have no room there: one row, on the language select's edge. */}
                <Box sx={{ display: { xs: 'flex', sm: 'none' }, alignItems: 'center', gap: 1, px: 2 }}>
                  {settings.informationButton && <InformationButton />}
                  <DocumentationButtonSlot place="menu" />
                  <QuickPanelButtonSlot />
                </Box>
                {settings.languageSelect && (
                  <Box sx={{ display: { xs: 'block', sm: 'none' }, px: 2, py: 1 }}>
                    <LanguageSelect />
                  </Box>
                )}
                <LastLoginDetails />
              </>
            }
          />
        }
        footer={<Footer start={<ContactLinks />} />}
        rightSidePanel={
          <>
            <ChatPanelSlot />
            <QuickPanelSlot />
          </>
        }
        panels={
          <>
            <ReconnectDialogSlot />
            <SettingsPanelButtons />
          </>
        }
      />
    </>
  );
}
