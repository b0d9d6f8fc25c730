import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FloorMachine } from '@reelcast/protocol';
import { json, mockFetch, staffShellAnswers } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const at = '2026-01-05T10:00:00.000Z';
const seat = { playerId: 9, username: 'demo', sessionId: '6f1c3a52-3b0e-4c1d-9a53-1b2f0c7d8e9f', startedAt: at, netCashIn: 2_500 };
const locked: FloorMachine = {
  id: 4,
  name: 'Aurora 4',
  brand: 'Aurora',
  brandId: 1,
  status: 'error',
  seat,
  lastEvent: { status: 'error', at },
  handPay: { settlementId: 'm4-4:spin-7:hand-pay', amount: 250_000, since: at },
  video: 'http://127.0.0.1:9/machines/4/whep',
};
const free: FloorMachine = { ...locked, id: 5, name: 'Aurora 5', status: 'idle', seat: null, handPay: null, video: null };

describe('the Floor page: hand pays and watching', () => {
  it('shows a waiting hand pay and confirms it with a reason; the row loses it', async () => {
    const posted: unknown[] = [];
    mockFetch({
      ...staffShellAnswers,
      'GET /api/console/floor': () => json({ machines: [locked, free] }),
      'POST /api/console/machines/4/hand-pay': ({ body }) => {
        posted.push(body);
        return json({ status: true, machine: { ...locked, status: 'playing', handPay: null }, paid: 250_000 });
      },
    });
    signIn({ role: ['staff'] });
    renderApp('/console/floor');
    await waitFor(() =>
      expect(screen.getByTestId('floor-hand-pay-4').textContent?.replace(/\s/g, ' ')).toBe('Hand pay waiting: TRY 2,500.00'),
    );
    // Watch is offered where the machine has a picture only.
    expect(within(screen.getByTestId('floor-row-4')).getByRole('button', { name: 'Watch: Aurora 4' })).toBeTruthy();
    expect(within(screen.getByTestId('floor-row-5')).queryByRole('button', { name: 'Watch: Aurora 5' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm hand pay: Aurora 4' }));
    const dialog = screen.getByRole('dialog', { name: /Confirm the hand pay of TRY\s2,500.00 to demo on Aurora 4/ });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Checked at the cabinet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ reason: 'Checked at the cabinet' }]);
    expect(screen.queryByTestId('floor-hand-pay-4')).toBeNull();
  });

  it('Pictures opens the grid of the machines with a picture; a picture is asked with ?watch=staff', async () => {
    mockFetch({
      ...staffShellAnswers,
      'GET /player/ice-servers': () => json({ iceServers: [] }),
      'GET /api/console/floor': () => json({ machines: [locked, free] }),
    });
    signIn({ role: ['admin'] });
    renderApp('/console/floor');
    await waitFor(() => expect(screen.getByTestId('floor-row-4')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Pictures' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pictures of the floor' })).toBeTruthy());
    expect(screen.getByTestId('watch-tile-4')).toBeTruthy();
    expect(screen.queryByTestId('watch-tile-5')).toBeNull();
    expect(screen.getByText('The lowest quality band, 1 of 1 machines with a picture.')).toBeTruthy();
    const { watchUrl } = await import('../components/machine-picture');
    expect(watchUrl(locked.video!)).toBe('http://127.0.0.1:9/machines/4/whep?watch=staff');
  });
});
