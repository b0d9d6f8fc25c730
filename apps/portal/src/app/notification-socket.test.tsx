import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as browser from '@/shared/lib/browser';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';
import { getAccessToken } from '@/shared/session/token-storage';

describe('notification socket', () => {
  it('is closed by logout, and the next sign-in opens a new one with its own token', async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
      'POST /player/logout': () => json({ status: true, code: 20000 }),
    });
    const first = signIn({ jti: 'first-session' });
    const { socket, connections } = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(connections).toEqual([{ url: window.location.origin, token: first.token }]));
    expect(socket.connected).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Logout' }));
    expect(await screen.findByText('Logging out..')).toBeTruthy();
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'));
    expect(socket.connected).toBe(false);

    // The same player signs in again: a new session, so a new socket with the new token.
    const second = signIn({ jti: 'second-session' });
    await waitFor(() => expect(connections.map((c) => c.token)).toEqual([first.token, second.token]));
  });

  /** The lobby's answers, counted; GET /machine/all held until `answerMachines`. */
  function countedLobby() {
    let answerMachines!: () => void;
    const machinesAnswered = new Promise<void>((resolve) => (answerMachines = resolve));
    const fetched = { balance: 0, brands: 0, machines: 0 };
    mockFetch({
      'GET /player/balance': () => {
        fetched.balance += 1;
        return json({ balance: 150000 });
      },
      'GET /player/profile': () => json(sampleProfile()),
      'GET /api/chat/contacts': () => json([]),
      'GET /machine/brands': () => {
        fetched.brands += 1;
        return json([]);
      },
      'GET /machine/all': async () => {
        fetched.machines += 1;
        await machinesAnswered;
        return json([]);
      },
    });
    return { fetched, answerMachines };
  }

  it('opens once the first page has its data, asking for the pushes since the sign-in: nothing is fetched twice', async () => {
    const { fetched, answerMachines } = countedLobby();
    signIn({}, { pushesFrom: '0a1b2c3d.41' });
    const { socket, connections, queryClient } = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(fetched.machines).toBe(1));
    // The lobby is still waiting for its machines: the socket waits too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toEqual([]);

    answerMachines();
    await waitFor(() => expect(connections).toHaveLength(1));
    expect(connections[0]!.pushesFrom).toBe('0a1b2c3d.41');
    await waitFor(() => expect(fetched).toEqual({ balance: 1, brands: 1, machines: 1 }));
    act(() => void socket.emit('connect'));
    // The server sends what was missed, as pushes: nothing is marked to be fetched again.
    const invalidated = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);
    expect(invalidated()).toEqual([]);
    expect(fetched).toEqual({ balance: 1, brands: 1, machines: 1 });

    // The server could not tell what was missed: everything the pushes change is fetched again.
    act(() => void socket.emit('resync'));
    await waitFor(() => expect(fetched).toEqual({ balance: 2, brands: 2, machines: 2 }));
    // A connection after a drop asks for nothing: it fetches again.
    act(() => void socket.emit('disconnect'));
    act(() => void socket.emit('connect'));
    await waitFor(() => expect(fetched).toEqual({ balance: 3, brands: 3, machines: 3 }));
  });

  it('fetches again on connecting when the sign-in answer had no point (a platform from before it)', async () => {
    const { fetched, answerMachines } = countedLobby();
    answerMachines();
    signIn();
    const { socket, connections } = renderApp('/lobby');
    await waitFor(() => expect(connections).toHaveLength(1));
    expect(connections[0]!.pushesFrom).toBeUndefined();
    await waitFor(() => expect(fetched).toEqual({ balance: 1, brands: 1, machines: 1 }));
    act(() => void socket.emit('connect'));
    await waitFor(() => expect(fetched).toEqual({ balance: 2, brands: 2, machines: 2 }));
  });

  it('tries again after a refusal that is not a bad token (the server could not check the session), still signed in', async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
    });
    signIn();
    const { socket, connections } = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(connections).toHaveLength(1));
    socket.active = false;
    act(() => void socket.emit('connect_error', new Error('50000')));
    await waitFor(() => expect(socket.reconnects).toBe(1), { timeout: 2_000 });
    expect(getAccessToken()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Lobby' })).toBeTruthy();
  });

  it("after the reconnect dialog's Cashout (POST /player/cancel) rejoins with the token, and the next open game the platform sends is offered", async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
      'POST /player/cancel': () => json({ status: true, code: 20000, Params: { amount: 500 } }),
    });
    const { token } = signIn();
    const { socket, connections } = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(connections).toHaveLength(1));
    act(() => void socket.emit('connect'));
    // Two open games: each push replaces the offer on screen, so only the last one shows.
    act(() => void socket.emit('session', { status: true, id: 3, name: 'Book of Ra', machine_status: 'waiting' }));
    act(() => void socket.emit('session', { status: true, id: 5, name: 'Lucky Lady', machine_status: 'waiting' }));
    const dialog = await screen.findByRole('dialog', { name: 'You have an open game' });
    expect(within(dialog).getByTestId('reconnect-text').textContent).toMatch(/Lucky Lady/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cashout' }));
    await waitFor(() => expect(socket.sent.filter((sent) => sent.event === 'rejoin')).toEqual([{ event: 'rejoin', payload: { token } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The platform's answer to the rejoin: the game still open.
    act(() => void socket.emit('session', { status: true, id: 3, name: 'Book of Ra', machine_status: 'waiting' }));
    expect((await screen.findByTestId('reconnect-text')).textContent).toMatch(/Book of Ra/);
  });
});
