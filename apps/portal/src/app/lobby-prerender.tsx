// Built for Node with the portal (vite.config.ts `prerenderLobby`) and run by the platform for each
// GET /lobby, never in the browser: /lobby's first view as HTML, from the machine list the platform has
// without the player's token (docs/architecture.md "First view").
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { brandList, machineList, settingsSchema, userSettings } from '@reelcast/protocol';
import { ServerRender } from '@/features/shell/lib/server-render';
import { brandsQueryOptions } from '@/features/lobby/api/get-brands';
import { machinesQueryOptions } from '@/features/lobby/api/get-machines';
import { LobbyPage } from '@/features/lobby/pages/lobby-page';
import { ServerSettings } from '@/shared/config/settings';
import type { LanguageId } from '@/shared/i18n/languages';
import { ServerSession, type SessionState } from '@/shared/session/session-store';
import { authRoles } from '@/shared/lib/authorization';
import { AppLayout } from './app-layout';
import { pageDocument, renderInAppTheme, type RenderedPage } from './prerender';
import { lobbyBackground } from './spec-routes';

/** The width /lobby is laid out for: a wide screen's, CSS hiding what a narrower one shows otherwise (ServerRender). */
const LAYOUT_WIDTH = 1280;

/**
 * A signed-in player whose name the server does not know: the shell as a player sees it (the player's
 * menu, the balance's place), the name and the balance left empty at their size until the app has the
 * player's own (the balance's placeholder is BalanceAmount's).
 */
const unknownPlayer: SessionState = {
  status: 'authenticated',
  role: ['user'],
  lastLogin: null,
  pinCode: null,
  pushesFrom: null,
  user: {
    id: 0,
    role: ['user'],
    username: '',
    name: '',
    lastname: '',
    email: '',
    displayName: '',
    type: 'player',
    Group: 0,
    Permissions: [],
    photoURL: '',
    shortcuts: [],
  },
};

/** Settings.json, the brands and the machines, as the platform answers them (JSON). */
export type LobbyData = { settings: unknown; brands: unknown; machines: unknown };

/**
 * /lobby as a signed-in player sees it at any width, in `language` and the `look` of the browser's
 * cookie (what does not parse is the defaults), with the operator's settings and the lobby's data as
 * the platform answers them (parsed with the portal's schemas, as the app parses the answers). The app
 * replaces it when it starts (app/main.tsx); a visitor without a stored token is sent to /login by the
 * app as before.
 */
export function renderLobbyPage(
  language: LanguageId,
  { settings, brands, machines }: LobbyData,
  look: unknown = null,
): Promise<RenderedPage> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(machinesQueryOptions().queryKey, machineList.parse(machines));
  queryClient.setQueryData(brandsQueryOptions().queryKey, brandList.parse(brands));
  const router = createMemoryRouter(
    [
      {
        id: 'shell',
        element: <AppLayout />,
        children: [{ path: '/lobby', handle: { auth: authRoles.user, layout: lobbyBackground }, element: <LobbyPage /> }],
      },
    ],
    { initialEntries: ['/lobby'] },
  );
  return renderInAppTheme(
    language,
    <ServerSettings value={settingsSchema.parse(settings)}>
      <ServerSession value={unknownPlayer}>
        <ServerRender value>
          <RouterProvider router={router} />
        </ServerRender>
      </ServerSession>
    </ServerSettings>,
    { queryClient, viewport: { width: LAYOUT_WIDTH }, look: userSettings.safeParse(look).data ?? {} },
  );
}

/** index.html (`html`) with /lobby rendered in it (renderLobbyPage), as the platform sends it. */
export async function lobbyDocument(html: string, language: LanguageId, data: LobbyData, look: unknown = null): Promise<string> {
  return pageDocument(html, '/lobby', language, await renderLobbyPage(language, data, look));
}
