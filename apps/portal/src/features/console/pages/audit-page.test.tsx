import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditItem } from '@reelcast/protocol';
import { json, mockFetch, staffShellAnswers } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const entry = (id: number, type: string): AuditItem => ({
  id,
  at: '2026-01-05T10:00:00.000Z',
  type,
  username: 'staff',
  ip: '10.0.0.9',
  playerId: 7,
  player: 'demo',
  detail: { reason: 'Chargeback fraud', wasBanned: false },
});

describe('the Audit log page', () => {
  it('asks with the filters of the URL, keeps a change there from page 1, and pages', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      ...staffShellAnswers,
      'GET /api/console/audit': ({ url }) => {
        asked.push(url.searchParams);
        return json({ items: [entry(41, 'banned')], page: 1, perPage: 20, total: 45, types: ['banned', 'unbanned'] });
      },
    });
    signIn({ role: ['staff'] });
    const { router } = renderApp('/console/audit?playerId=7&to=2026-01-05&page=2');
    expect((await screen.findByTestId('audit-41')).textContent).toContain('“Chargeback fraud” · wasBanned: false');
    expect(Object.fromEntries(asked[0]!)).toEqual({ playerId: '7', to: '2026-01-06', page: '2', perPage: '20' });

    await userEvent.click(screen.getByLabelText('What'));
    await userEvent.click(screen.getByRole('option', { name: 'unbanned' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=unbanned&to=2026-01-05&playerId=7'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ type: 'unbanned', page: '3' }));
  });
});
