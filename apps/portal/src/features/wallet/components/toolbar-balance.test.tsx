import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWalletUi } from '../lib/wallet-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

describe('toolbar balance', () => {
  it('shows the balance (cents / 100, TRY) and hides it with the wallet toggle', async () => {
    useWalletUi.setState({ showBalance: true });
    mockFetch({
      'GET /player/balance': () => json({ balance: 150050 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
    });
    signIn();
    renderApp('/lobby');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.textContent).toMatch(/1,500\.50/));
    expect(banner.textContent).toMatch(/TRY|₺/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(banner.textContent).not.toMatch(/1,500\.50/);
    expect(window.localStorage.getItem('show_balance')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(banner.textContent).toMatch(/1,500\.50/);
  });
});
