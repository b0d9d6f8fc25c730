import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { markGuest } from '@/shared/session/session-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

/** Opens the small-screen navbar (happy-dom's window is below the lg breakpoint) and gives its drawer. */
async function openNavbar() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
  return (await screen.findByRole('link', { name: /Go to the lobby$/ })).closest<HTMLElement>('#navbar')!;
}

describe('the shell for a guest and for a player', () => {
  it('a guest on a shell page (the guests-only role example) gets no balance, wallet toggle, search or empty Menu heading', async () => {
    markGuest();
    renderApp('/auth/guest-role-example');
    expect(await screen.findByRole('heading', { name: 'Guest role example', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /balance/i })).toBeNull();
    expect(screen.queryByText('Balance:', { exact: false })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    const navbar = await openNavbar();
    expect(within(navbar).queryByText('Menu')).toBeNull();
    expect(within(navbar).queryByRole('navigation')).toBeNull();
    expect(within(navbar).getByText('v2.4.5')).toBeTruthy();
  });

  it('a player keeps them all', async () => {
    mockFetch({ 'GET /player/balance': () => json({ balance: 150000 }), 'GET /player/profile': () => json(sampleProfile()) });
    signIn();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide balance' })).toBeTruthy();
    expect(screen.getByText('Balance:', { exact: false })).toBeTruthy();
    expect(await screen.findAllByTestId('balance-amount')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    const navbar = await openNavbar();
    expect(within(navbar).getByText('Menu')).toBeTruthy();
    expect(within(navbar).getByRole('navigation', { name: 'Menu' })).toBeTruthy();
  });
});
