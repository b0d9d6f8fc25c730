import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsolePlayer, PlayerDetailAnswer } from '@reelcast/protocol';
import { json, mockFetch, staffShellAnswers } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const at = '2026-01-05T10:00:00.000Z';
const demo: ConsolePlayer = {
  id: 7,
  username: 'demo',
  name: 'Deniz',
  lastname: 'Yılmaz',
  email: 'demo@reelcast.test',
  role: 'user',
  createdAt: at,
  bannedAt: null,
  banReason: null,
  lastLogonAt: at,
  lastLogonIp: '10.0.0.5',
  hasPin: true,
};
const figures = { day: 0, week: 0, month: 0 };
const detail: PlayerDetailAnswer = {
  player: demo,
  balance: 12_345,
  lockedUntil: null,
  protection: {
    limits: [
      { key: 'lossDay', value: 50_000, pending: null },
      { key: 'sessionMinutes', value: 90, pending: null },
    ],
    realityCheckMinutes: 0,
    cashIn: figures,
    loss: figures,
    periodStarts: { day: at, week: at, month: at },
    timeZone: 'Europe/Istanbul',
    limitsMandatory: false,
  },
  exclusions: [],
  signIns: [{ at, ip: '10.0.0.5', userAgent: 'Chromium', expiresAt: at, revokedAt: null }],
  audit: [],
};
const emptyPage = { items: [], page: 1, perPage: 10, total: 0 };

function consoleApi() {
  const posted: { url: string; body: unknown }[] = [];
  const post =
    (answer: unknown) =>
    ({ url, body }: { url: URL; body: unknown }) => {
      posted.push({ url: url.pathname, body });
      return json(answer);
    };
  mockFetch({
    ...staffShellAnswers,
    'GET /api/console/players': ({ url }) => json({ players: url.searchParams.get('q') === 'dem' ? [demo] : [] }),
    'GET /api/console/players/7': () => json(detail),
    'GET /api/console/players/7/sessions': () => json(emptyPage),
    'GET /api/console/players/7/transactions': () => json(emptyPage),
    'GET /api/console/money-requests': () => json({ requests: [], approvalAbove: 100_000 }),
    'POST /api/console/players/7/ban': post({ status: true, player: { ...demo, bannedAt: at, banReason: 'Fraud' } }),
    'POST /api/console/players/7/money': post({
      status: true,
      needsApproval: true,
      request: {
        id: 1,
        playerId: 7,
        username: 'demo',
        kind: 'deposit',
        amount: 250_050,
        reason: 'Cash at the desk',
        status: 'pending',
        requestedBy: 'admin',
        requestedAt: at,
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
        transferId: null,
      },
    }),
  });
  return posted;
}

async function openDemo() {
  await userEvent.type(await screen.findByLabelText('Username or id'), 'dem');
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Open demo' }));
  await screen.findByTestId('player-balance');
}

describe('the Players page', () => {
  it('finds a player and opens their page; staff ban with a reason and have no money action', async () => {
    const posted = consoleApi();
    signIn({ role: ['staff'] });
    const { router } = renderApp('/console/players');
    await openDemo();
    expect(router.state.location.search).toBe('?id=7');
    expect(screen.getByTestId('player-balance').textContent?.replace(/\s/g, ' ')).toContain('TRY 123.45');
    expect(screen.getByText(/^Daily loss limit:/).textContent?.replace(/\s/g, ' ')).toBe('Daily loss limit: TRY 500.00');
    expect(screen.getByText(/^Session time limit/).textContent).toBe('Session time limit (minutes): 90');
    expect(screen.queryByRole('button', { name: 'Deposit or withdraw' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban demo' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), ' Fraud ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ url: '/api/console/players/7/ban', body: { reason: 'Fraud' } }]);
  });

  it('an admin asks for a deposit in currency units: minor units and an idempotency key go to the platform', async () => {
    const posted = consoleApi();
    signIn({ role: ['admin'] });
    renderApp('/console/players');
    await openDemo();
    await userEvent.click(screen.getByRole('button', { name: 'Deposit or withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit or withdraw for demo' });
    await within(dialog).findByText(/Above TRY\s1,000\.00 a second admin must approve it/);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '2500.5x');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Cash at the desk');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '{Backspace}');
    await userEvent.click(confirm);
    await screen.findByText('Waiting for a second admin: demo.');
    expect(posted).toEqual([
      {
        url: '/api/console/players/7/money',
        body: { kind: 'deposit', amount: 250_050, reason: 'Cash at the desk', idempotencyKey: expect.stringMatching(/^console-/) },
      },
    ]);
  });
});
