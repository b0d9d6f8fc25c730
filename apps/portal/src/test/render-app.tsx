import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Socket } from 'socket.io-client';
import { AppProvider } from '@/app/provider';
import { createRoutes, patchRoutesOnNavigation } from '@/app/routes';
import { stopAfterTest } from './after-test';
import { createTestQueryClient } from './query-client';

type Listener = (payload: unknown) => void;

/** A stand-in for the notification socket: tests call `emit` to push events. Connected once the app opens it. */
export function createFakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const socket = {
    /** Every event emitted, by the app (a request to the server) or by the test (a push). */
    sent: [] as { event: string; payload: unknown }[],
    connected: false,
    /** socket.io's `active`: false after a refusal by the server's middleware, which it does not retry. */
    active: true,
    /** How often the app asked to connect again (`connect()`). */
    reconnects: 0,
    connect() {
      socket.reconnects += 1;
      return socket;
    },
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    emit(event: string, payload?: unknown) {
      socket.sent.push({ event, payload });
      for (const listener of listeners.get(event) ?? []) listener(payload);
      return true;
    },
  };
  return socket;
}

export type FakeSocket = ReturnType<typeof createFakeSocket>;

export { createTestQueryClient } from './query-client';

export function renderApp(initialEntry: string, options: { socket?: FakeSocket } = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [initialEntry], patchRoutesOnNavigation });
  // A navigation or loader still under way ends with the test.
  stopAfterTest(() => router.dispose());
  const socket = options.socket ?? createFakeSocket();
  const connectSocket = (url: string, token: string, pushesFrom?: string) => {
    connections.push({ url, token, pushesFrom });
    socket.connected = true;
    return socket as unknown as Socket;
  };
  const connections: { url: string; token: string; pushesFrom?: string }[] = [];
  const view = render(
    <AppProvider queryClient={queryClient} connectSocket={connectSocket}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, socket, connections };
}
