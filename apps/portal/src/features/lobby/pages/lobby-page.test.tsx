import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Brand, Machine } from '@reelcast/protocol';
import { setSettings, defaultSettings } from '@/shared/config/settings';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const brands: Brand[] = [
  { id: 1, name: 'Novomatic', image: '', machineCount: 2, jackpot: '1250.50,640.00' },
  { id: 2, name: 'Aristocrat', image: '', machineCount: 1, jackpot: '' },
];

const machine = (over: Partial<Machine> & Pick<Machine, 'id' | 'name' | 'brandId' | 'brand'>): Machine => ({
  status: 'idle',
  image: '',
  reservation: null,
  address: null,
  video: null,
  ...over,
});

const machines: Machine[] = [
  machine({ id: 11, name: 'Book of Ra', brand: 'Novomatic', brandId: 1, image: '/img/bor.png' }),
  machine({ id: 12, name: 'Lucky Lady', brand: 'Novomatic', brandId: 1, status: 'playing', reservation: { playerId: 99, until: null } }),
  machine({ id: 21, name: 'Buffalo', brand: 'Aristocrat', brandId: 2, status: 'offline' }),
];

describe('lobby', () => {
  it('groups machines by brand with jackpots, status chips and play links', async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json(brands),
      'GET /machine/all': () => json(machines),
    });
    signIn();
    renderApp('/lobby');

    const card = await screen.findByTestId('machine-card-11');
    const novomatic = screen.getByRole('region', { name: 'Novomatic' });
    expect(within(novomatic).getAllByRole('article')).toHaveLength(2);
    expect(within(novomatic).getByRole('link', { name: 'All Novomatic machines' }).getAttribute('href')).toBe('/lobby/1/Novomatic');
    expect(within(within(novomatic).getByRole('list', { name: 'Jackpots' })).getAllByRole('listitem')).toHaveLength(2);
    // The brands after the first come in a second, deferred commit (LobbyPage's first commit is small).
    expect(within(await screen.findByRole('region', { name: 'Aristocrat' })).getAllByRole('article')).toHaveLength(1);

    expect(within(card).getByRole('heading', { name: 'Book of Ra' })).toBeTruthy();
    expect(screen.getByTestId('machine-status-11').textContent).toBe('Available');
    expect(screen.getByTestId('machine-status-12').textContent).toBe('Playing');
    expect(screen.getByTestId('machine-status-21').textContent).toBe('Offline');
    expect(screen.getByTestId('machine-reservation-12').textContent).toBe('Reserved');
    expect(within(card).getByRole('link', { name: 'Play Book of Ra' }).getAttribute('href')).toBe('/game/11/Book%20of%20Ra');

    const image = within(card).getByRole<HTMLImageElement>('img', { name: 'Book of Ra slot machine' });
    expect(image.getAttribute('src')).toBe('/img/bor.png');
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(image.getAttribute('src')).toBe('/assets/machines/novomatic.png');
  });

  it('updates a machine and the balance from socket pushes without a reload', async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json(brands),
      'GET /machine/all': () => json(machines),
    });
    const { token } = signIn();
    const { socket, connections } = renderApp('/lobby');
    await screen.findByTestId('machine-card-11');
    // The socket opens after the first view.
    await waitFor(() => expect(connections).toEqual([{ url: window.location.origin, token }]));

    act(() => {
      socket.emit('machine', { id: 11, status: 'reserved', reservation: { playerId: 7, until: null } });
      socket.emit('balance', { balance: 98765 });
    });
    await waitFor(() => expect(screen.getByTestId('machine-status-11').textContent).toBe('Reserved'));
    expect(screen.getByTestId('machine-reservation-11').textContent).toBe('Reserved for you');
    await waitFor(() => expect(screen.getAllByTestId('balance-amount')[0]?.textContent).toMatch(/987[.,]65/));

    // Malformed pushes are ignored.
    act(() => {
      socket.emit('machine', { id: 11, status: 'exploded' });
      socket.emit('machine', { id: 12, status: 'idle', reservation: null });
    });
    await waitFor(() => expect(screen.getByTestId('machine-status-12').textContent).toBe('Available'));
    expect(screen.getByTestId('machine-status-11').textContent).toBe('Reserved');
  });

  it("shows a brand's jackpots rising from socket pushes, and announces a win politely", async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json(brands),
      'GET /machine/all': () => json(machines),
    });
    signIn();
    const { socket, connections } = renderApp('/lobby');
    const jackpots = () => within(screen.getByRole('region', { name: 'Novomatic' })).getByRole('list', { name: 'Jackpots' });
    await waitFor(() => expect(jackpots().textContent).toMatch(/1,250\.50/));
    await waitFor(() => expect(connections).toHaveLength(1));

    act(() => {
      socket.emit('jackpot', { brandId: 1, jackpot: '1251.75,640.10' });
      socket.emit('jackpot', { brandId: 1 }); // malformed pushes are ignored
      socket.emit('jackpot', { brandId: 'one', jackpot: '1.00' });
    });
    await waitFor(() => expect(jackpots().textContent).toMatch(/1,251\.75.*640\.10/));
    expect(jackpots().getAttribute('aria-live')).toBeNull(); // the meters' ticks are not read out

    // The test's router keeps its path in memory; the announcement reads the browser's.
    window.history.replaceState(null, '', '/lobby');
    act(() => {
      socket.emit('jackpotWin', {
        ...{ brandId: 1, brand: 'Novomatic', tier: 0, name: 'Grand', amount: 125_175 },
        ...{ machineId: 12, machine: 'Lucky Lady', winner: 'D***', mine: false },
      });
    });
    const announcement = await screen.findByRole('status');
    expect(announcement.textContent).toMatch(/D\*\*\* won the Grand jackpot of .*1,251\.75 on Novomatic Lucky Lady!/);
    window.history.replaceState(null, '', '/');
  });

  it('asks GET /machine/all again every lobbyUpdate seconds while no pushes arrive, and stops once the socket connects', async () => {
    setSettings({ ...defaultSettings, lobbyUpdate: 1 });
    let asked = 0;
    mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json(brands),
      'GET /machine/all': () => {
        asked += 1;
        return json(machines);
      },
    });
    signIn();
    const { socket, connections, queryClient } = renderApp('/lobby');
    await screen.findByTestId('machine-card-11');
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await waitFor(() => expect(connections).toHaveLength(1));
    const beforeConnect = asked;
    act(() => {
      socket.emit('connect');
    });
    // The connect refreshes once (pushes before it were lost); after that, pushes alone.
    await waitFor(() => expect(asked).toBeGreaterThan(beforeConnect));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const afterConnect = asked;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked).toBe(afterConnect);
    act(() => {
      socket.emit('disconnect');
    });
    await waitFor(() => expect(asked).toBeGreaterThan(afterConnect), { timeout: 3_000 });
  });

  it('asks GET /machine/{id} in lobby-display mode', async () => {
    setSettings({ ...defaultSettings, lobbyDisplay: true, lobbyDisplayId: 2 });
    mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json(brands),
      'GET /machine/2': () => json({ brand: brands[1], machines: [machines[2]] }),
    });
    signIn();
    renderApp('/lobby');
    expect(await screen.findByTestId('machine-card-21')).toBeTruthy();
    expect(screen.queryByTestId('machine-card-11')).toBeNull();
  });

  it("shows one brand's machines on its brand page", async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/1': () => json({ brand: brands[0], machines: machines.slice(0, 2) }),
    });
    signIn();
    renderApp('/lobby/1/Novomatic');
    expect(await screen.findByRole('heading', { name: 'Novomatic', level: 1 })).toBeTruthy();
    expect(await screen.findByTestId('machine-card-12')).toBeTruthy();
    expect(screen.queryByTestId('machine-card-21')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the lobby' }).getAttribute('href')).toBe('/lobby');
  });
});
