import { expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

it("puts a link to the documentation in the signed-in account's toolbar (SPEC §2 /documentation)", async () => {
  mockFetch({
    'GET /player/balance': () => json({ balance: 0 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /machine/brands': () => json([]),
    'GET /machine/all': () => json([]),
    'GET /api/documentation': () => json({ pages: [{ slug: 'business-rules', title: 'Business rules', audience: 'player' }] }),
  });
  signIn();
  const { router } = renderApp('/lobby');
  const toolbar = await screen.findByRole('banner');
  const button = await within(toolbar).findByRole('link', { name: 'Documentation' });
  expect(button.getAttribute('title')).toBe('Documentation');
  expect(button.getAttribute('aria-current')).toBeNull();
  await userEvent.click(button);
  expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/documentation');
  expect(within(toolbar).getByRole('link', { name: 'Documentation' }).getAttribute('aria-current')).toBe('page');
});
