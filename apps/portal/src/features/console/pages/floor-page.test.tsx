import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FloorMachine } from '@reelcast/protocol';
import { json, mockFetch, staffShellAnswers } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const at = '2026-01-05T10:00:00.000Z';
const machine = (id: number, name: string, brand: string, extra: Partial<FloorMachine> = {}): FloorMachine => ({
  id,
  name,
  brand,
  brandId: brand === 'Aurora' ? 1 : 2,
  status: 'idle',
  seat: null,
  lastEvent: { status: extra.status ?? 'idle', at },
  ...extra,
});
const seat = { playerId: 9, username: 'demo', sessionId: '6f1c3a52-3b0e-4c1d-9a53-1b2f0c7d8e9f', startedAt: at, netCashIn: 2_500 };
const floor = [
  machine(1, 'Aurora 1', 'Aurora', { status: 'playing', seat }),
  machine(2, 'Aurora 2', 'Aurora'),
  machine(3, 'Dragon 1', 'Dragon', { status: 'maintenance' }),
];

function consoleApi() {
  const posted: { url: string; body: unknown }[] = [];
  mockFetch({
    ...staffShellAnswers,
    'GET /api/console/floor': () => json({ machines: floor }),
    'POST /api/console/machines/2/maintenance': ({ url, body }) => {
      posted.push({ url: url.pathname, body });
      return json({ status: true, machine: { ...floor[1], status: 'maintenance' } });
    },
  });
  return posted;
}

const rows = () => screen.queryAllByTestId(/^floor-row-/);

describe('the Floor page', () => {
  it('lists every machine with its seated player and money; filters by brand and status', async () => {
    consoleApi();
    signIn({ role: ['staff'] });
    const { router } = renderApp('/console/floor');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = within(screen.getByTestId('floor-player-1'));
    expect(first.getByText('demo')).toBeTruthy();
    expect(screen.getByTestId('floor-row-1').textContent?.replace(/\s/g, ' ')).toContain('TRY 25.00');
    expect(screen.getByTestId('floor-player-2').textContent).toBe('Free');

    await userEvent.click(screen.getByLabelText('Brand'));
    await userEvent.click(screen.getByRole('option', { name: 'Dragon' }));
    await waitFor(() => expect(rows().map((row) => row.dataset.testid)).toEqual(['floor-row-3']));
    expect(router.state.location.search).toBe('?brand=Dragon');
    await userEvent.click(screen.getByLabelText('Status'));
    await userEvent.click(screen.getByRole('option', { name: 'Playing' }));
    await waitFor(() => expect(screen.getByText('No machine matches the filters.')).toBeTruthy());
  });

  it('asks for the reason before an action, sends it trimmed, and shows the answer', async () => {
    const posted = consoleApi();
    signIn({ role: ['admin'] });
    renderApp('/console/floor');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Maintenance: Aurora 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Put Aurora 2 in maintenance' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), ' ab ');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'c');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ url: '/api/console/machines/2/maintenance', body: { on: true, reason: 'ab c' } }]);
    expect(within(screen.getByTestId('floor-row-2')).getByRole('button', { name: 'End maintenance: Aurora 2' })).toBeTruthy();
  });

  it('a floor push changes that row', async () => {
    consoleApi();
    signIn({ role: ['staff'] });
    const { socket } = renderApp('/console/floor');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(socket.connected).toBe(true));
    socket.emit('floor', { ...floor[1], status: 'playing', seat: { ...seat, username: 'demo2' } });
    await waitFor(() => expect(screen.getByTestId('floor-player-2').textContent).toContain('demo2'));
  });
});
