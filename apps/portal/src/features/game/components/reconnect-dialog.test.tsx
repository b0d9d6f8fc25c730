import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useToastStore } from '@/shared/toasts/toast-store';
import { json, mockFetch, requestBody } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import { startGameSocketServer } from '@/test/game-socket-server';
import { signIn } from '@/test/session';
import { applySessionPush, closeReconnect, useReconnectStore } from '../lib/reconnect-store';
import { ReconnectDialog } from './reconnect-dialog';

function renderDialog() {
  const router = createMemoryRouter(
    [
      { path: '/lobby', element: <ReconnectDialog /> },
      { path: '/game/:gameId/:name', element: <p>game screen</p> },
    ],
    { initialEntries: ['/lobby'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const open = (machine_status: string) => act(() => applySessionPush({ status: true, id: 3, name: 'Book of Ra', machine_status }));

describe('reconnect dialog', () => {
  afterEach(() => closeReconnect());

  it.each([
    ['bonus', 'A bonus is in progress on Book of Ra. The machine is waiting for you — continue?'],
    ['waiting', 'You left Book of Ra while playing. Do you want to reconnect?'],
    ['cashout', 'Book of Ra is trying to cash out.'],
    ['playing', 'Book of Ra is being played. If this is not you, please contact us.'],
    ['error', 'Book of Ra reports an error or malfunction.'],
    ['offline', 'Book of Ra is offline.'],
    ['mystery', 'The state of Book of Ra is unknown.'],
  ])('says what a %s machine means', (status, text) => {
    renderDialog();
    expect(screen.queryByRole('dialog')).toBeNull();
    open(status);
    expect(screen.getByRole('dialog', { name: 'You have an open game' })).toBeTruthy();
    expect(screen.getByTestId('reconnect-text').textContent).toBe(text);
    for (const name of ['Continue', 'Cashout']) expect(screen.getByRole('button', { name })).toBeTruthy();
    // A waiting seat has no device playing it.
    expect(screen.queryAllByRole('button', { name: 'Kick the player' })).toHaveLength(status === 'waiting' ? 0 : 1);
  });

  it('a session push with status false closes it', () => {
    renderDialog();
    open('waiting');
    act(() => applySessionPush({ status: false, id: 3, name: 'Book of Ra', machine_status: 'idle' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Continue goes to the game screen', async () => {
    const { router } = renderDialog();
    open('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/game/3/Book%20of%20Ra');
    expect(useReconnectStore.getState().show).toBe(false);
  });

  describe('after Kick the player', () => {
    const machine = (address: string | null) => ({
      id: 3,
      name: 'Book of Ra',
      status: 'playing',
      image: '',
      brand: 'Novomatic',
      brandId: 1,
      reservation: null,
      address,
      video: null,
    });
    const kickWith = (address: string | null) => {
      mockFetch({ 'POST /player/kick': () => json({ status: true, code: 20000 }), 'GET /machine/all': () => json([machine(address)]) });
      signIn();
      renderDialog();
      open('playing');
      expect(screen.getByTestId('reconnect-text').textContent).toBe('Book of Ra is being played. If this is not you, please contact us.');
      return userEvent.click(screen.getByRole('button', { name: 'Kick the player' }));
    };

    it('shows the state the machine answers to init {id} on its game socket, and offers Kick no more', async () => {
      const agent = await startGameSocketServer(() => ({
        ok: true,
        session: { id: 3, name: 'Book of Ra', status: 'waiting', occupied: true, mine: true },
      }));
      await kickWith(`${agent.url}/machines/3`);
      await waitFor(() =>
        expect(screen.getByTestId('reconnect-text').textContent).toBe('You left Book of Ra while playing. Do you want to reconnect?'),
      );
      expect(agent.inits).toEqual([{ id: 3 }]);
      expect(screen.queryByRole('button', { name: 'Kick the player' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
      await agent.close();
    });

    it('closes when the machine says the seat has ended meanwhile', async () => {
      const agent = await startGameSocketServer(() => ({
        ok: true,
        session: { id: 3, name: 'Book of Ra', status: 'idle', occupied: false, mine: false },
      }));
      await kickWith(`${agent.url}/machines/3`);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await agent.close();
    });

    it('a machine that cannot be asked shows the seat waiting, as a kick leaves it', async () => {
      await kickWith(null);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Kick the player' })).toBeNull());
      expect(screen.getByTestId('reconnect-text').textContent).toBe('You left Book of Ra while playing. Do you want to reconnect?');
    });
  });

  it('Kick the player posts /player/kick with the machine id', async () => {
    const fetch = mockFetch({ 'POST /player/kick': () => json({ status: true }), 'GET /machine/all': () => json([]) });
    signIn();
    renderDialog();
    open('playing');
    await userEvent.click(screen.getByRole('button', { name: 'Kick the player' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.message).toBe('The other device was removed from the game.'));
    const [, init] = fetch.mock.calls[0]!;
    expect(requestBody(init)).toEqual({ machineId: 3 });
  });

  it('a failed kick shows the server ErrorMessage', async () => {
    mockFetch({ 'POST /player/kick': () => json({ code: 99999, ErrorMessage: 'Kick is not available.' }, 404) });
    signIn();
    renderDialog();
    open('playing');
    await userEvent.click(screen.getByRole('button', { name: 'Kick the player' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.message).toBe('Kick is not available.'));
  });

  it('Cashout asks the platform to cash the seat out (POST /player/cancel) and shows the amount', async () => {
    const fetch = mockFetch({
      'POST /player/cancel': ({ body }) => json({ status: true, code: 20000, Params: { amount: 12345 }, echo: body }),
      'GET /player/balance': () => json({ balance: 1 }),
    });
    signIn();
    renderDialog();
    open('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Cashout' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.message).toMatch(/123\.45 cashed out to your balance\./));
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(requestBody(call?.[1])).toEqual({ machineId: 3 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
