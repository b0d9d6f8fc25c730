import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Brand, Machine } from '@reelcast/protocol';
import { defaultSettings, setSettings, type Settings } from '@/shared/config/settings';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/query-client';
import { signIn } from '@/test/session';
import { LobbyPage } from './lobby-page';

const brands: Brand[] = [
  { id: 1, name: 'Aurora', image: '', machineCount: 1, jackpot: '12500.00,640.75' },
  { id: 2, name: 'Dragon', image: '', machineCount: 1, jackpot: '25000.00,980.00' },
];
const machine = (id: number, name: string, brandId: number, brand: string): Machine => ({
  id,
  name,
  brandId,
  brand,
  status: 'idle',
  image: '',
  reservation: null,
  address: null,
  video: null,
});
const machines = [machine(11, 'Polar Gold', 1, 'Aurora'), machine(21, 'Fire Koi', 2, 'Dragon')];

function renderLobby(settings: Partial<Settings>) {
  setSettings({ ...defaultSettings, ...settings });
  const fetchMock = mockFetch({
    'GET /machine/brands': () => json(brands),
    'GET /machine/all': () => json(machines),
  });
  signIn();
  const router = createMemoryRouter([{ path: '*', element: <LobbyPage /> }], { initialEntries: ['/lobby'] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const asked = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => new URL(requestUrl(input), window.location.href).pathname);

describe('lobby settings (Settings.json showLobby, hotFlagLimit)', () => {
  it('shows the brand lobbies by default, a jackpot at or above hotFlagLimit flagged hot', async () => {
    const fetchMock = renderLobby({});
    const dragon = await screen.findByRole('region', { name: 'Dragon' });
    expect(screen.getByRole('region', { name: 'Aurora' })).toBeTruthy();
    const jackpots = within(within(dragon).getByRole('list', { name: 'Jackpots' })).getAllByRole('listitem');
    expect(jackpots.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/25,000\.00.*· Hot$/),
      expect.not.stringMatching(/Hot/),
    ]);
    expect(screen.getAllByText(/Hot$/)).toHaveLength(1);
    expect(asked(fetchMock)).toContain('/machine/brands');
  });

  it('flags by the limit the operator set', async () => {
    renderLobby({ hotFlagLimit: 500 });
    await screen.findByRole('region', { name: 'Dragon' });
    expect(screen.getAllByText(/Hot$/)).toHaveLength(4);
  });

  it('with showLobby off shows one grid of all the machines, without brands, and does not ask for them', async () => {
    const fetchMock = renderLobby({ showLobby: false });
    await screen.findByTestId('machine-card-21');
    expect(screen.getByTestId('machine-card-11')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Dragon' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Jackpots' })).toBeNull();
    expect(screen.queryByRole('link', { name: /All .* machines/ })).toBeNull();
    expect(asked(fetchMock)).toEqual(['/machine/all']);
  });
});
