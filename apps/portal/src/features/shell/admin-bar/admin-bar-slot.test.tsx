import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { signIn } from '@/test/session';
import { AdminBarSlot } from './admin-bar-slot';

function renderSlot() {
  const router = createMemoryRouter([{ path: '*', element: <AdminBarSlot /> }], { initialEntries: ['/lobby'] });
  render(<RouterProvider router={router} />);
}

/** Lets the lazy chunk load: a bar that should not be there has had every chance to appear. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the admin bar (SPEC §2, Settings.json adminBar)', () => {
  it("shows staff their role and the operator's links when the setting is on", async () => {
    setSettings({ ...defaultSettings, adminBar: true });
    signIn({ username: 'staff', role: ['staff'] });
    renderSlot();
    const bar = await screen.findByRole('navigation', { name: 'Operator bar' });
    expect(within(bar).getByText('Staff')).toBeTruthy();
    expect(within(bar).getByText('Signed in as staff')).toBeTruthy();
    const hrefs = within(bar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['API documentation (opens in a new tab)', '/docs'],
      ['OpenAPI (JSON) (opens in a new tab)', '/docs/json'],
      ['Settings.json (opens in a new tab)', '/Settings.json'],
      ['Rules page', '/rules'],
    ]);
  });

  it('names an admin as one, and points the API links at the configured API base', async () => {
    setSettings({ ...defaultSettings, adminBar: true, apiBaseUrl: 'https://api.example.test/' });
    signIn({ username: 'admin', role: ['admin'] });
    renderSlot();
    const bar = await screen.findByRole('navigation', { name: 'Operator bar' });
    expect(within(bar).getByText('Admin')).toBeTruthy();
    expect(
      within(bar)
        .getByRole('link', { name: /API documentation/ })
        .getAttribute('href'),
    ).toBe('https://api.example.test/docs');
  });

  it('is not there for a player, setting on or not', async () => {
    setSettings({ ...defaultSettings, adminBar: true });
    signIn({ role: ['user'] });
    renderSlot();
    await settle();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('is not there for staff when the setting is off (the default)', async () => {
    signIn({ username: 'staff', role: ['staff'] });
    renderSlot();
    await settle();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('is not there for a guest', async () => {
    setSettings({ ...defaultSettings, adminBar: true });
    renderSlot();
    await settle();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
