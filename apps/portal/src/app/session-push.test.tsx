import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { closeReconnect } from '@/features/game/lib/reconnect-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

describe('session push', () => {
  afterEach(() => closeReconnect());

  it('a session push on the notification socket opens the reconnect dialog in the lobby', async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
    });
    signIn();
    const { socket, connections } = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    // The socket opens after the first view.
    await waitFor(() => expect(connections).toHaveLength(1));
    act(() => {
      socket.emit('session', { status: true, id: 3, name: 'Book of Ra', machine_status: 'bonus' });
    });
    expect(await screen.findByRole('dialog', { name: 'You have an open game' })).toBeTruthy();
    expect(screen.getByTestId('reconnect-text').textContent).toContain('A bonus is in progress on Book of Ra');
  });
});
