import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

function start() {
  const fetchMock = mockFetch({
    'GET /player/balance': () => json({ balance: 0 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /machine/brands': () => json([]),
    'GET /machine/all': () => json([]),
    'GET /api/information': () =>
      json({
        content: '# Welcome to the hall\n\nEvery machine is **real**.\n',
        format: 'markdown',
        language: null,
        updatedAt: '2026-11-01T00:00:00Z',
      }),
  });
  signIn();
  renderApp('/lobby');
  return fetchMock;
}

describe('the information button (SPEC §2, Settings.json informationButton)', () => {
  it("opens the Information dialog with the operator's text, its heading as the title", async () => {
    start();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Information' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the hall' });
    await waitFor(() => expect(within(dialog).getByText('real').tagName).toBe('STRONG'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not there when the operator turned it off', async () => {
    setSettings({ ...defaultSettings, informationButton: false });
    const fetchMock = start();
    await screen.findByRole('heading', { name: 'Lobby' });
    expect(screen.queryByRole('button', { name: 'Information' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('/api/information'))).toBe(false);
  });
});
