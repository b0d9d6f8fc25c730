import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileAnswer } from '@reelcast/protocol';
import { useSessionStore } from '@/shared/session/session-store';
import { useToastStore } from '@/shared/toasts/toast-store';
import { json, mockFetch, requestBody, type MockHandler } from '@/test/fetch-mock';
import { sampleAccountUser, sampleProfile } from '@/test/profile';
import { protectionStatus } from '@/test/protection';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const profile: ProfileAnswer = sampleProfile({
  shortcuts: ['lobby'],
  settings: { theme: 'dark', layout: { style: 'layout1' } },
  LastLogon: new Date(2025, 2, 4, 5, 6, 7).toISOString(),
  LastLogonIP: '10.0.0.8',
  createdAt: new Date(2024, 11, 31, 23, 59, 58).toISOString(),
});

function profileApi(handlers: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /player/balance': () => json({ balance: 100_000 }),
    'GET /player/profile': () => json(profile),
    ...handlers,
  });
}

/** The JSON body of the request sent with this method to a URL ending in `path`. */
function sentBody(fetchMock: ReturnType<typeof profileApi>, method: string, path: string): unknown {
  const urlOf = (url: RequestInfo | URL) => (typeof url === 'string' ? url : url instanceof URL ? url.href : url.url);
  const sent = fetchMock.mock.calls.find(([url, init]) => init?.method === method && urlOf(url).endsWith(path));
  return requestBody(sent?.[1]);
}

async function fillPassword(old: string, next: string, confirm = next) {
  await userEvent.type(await screen.findByLabelText(/Current password/), old);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/Confirm the new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('profile page', () => {
  it('shows the SPEC §3 user fields', async () => {
    profileApi();
    signIn();
    renderApp('/profile');
    expect((await screen.findByTestId('profile-display-name')).textContent).toBe('Deniz Yılmaz');
    const details = screen.getByRole('region', { name: 'Account details' });
    const term = (label: string) => within(details).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Username')).toBe('demo');
    expect(term('Email')).toBe('demo@example.com');
    expect(term('Permissions')).toBe('145');
    expect(term('IP')).toBe('10.0.0.7');
    expect(term('Last login')).toBe('04.03.2025 05:06:07');
    expect(term('Last login IP')).toBe('10.0.0.8');
    expect(term('Member since')).toBe('31.12.2024 23:59:58');
  });

  it('/profile/:profileId with the own id shows the profile; another id is the 404 page', async () => {
    profileApi();
    signIn();
    const own = renderApp('/profile/7');
    expect(await screen.findByTestId('profile-display-name')).toBeTruthy();
    own.unmount();
    const other = renderApp('/profile/8');
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/pages/errors/error-404'));
  });

  it('puts 40001 on the current-password field', async () => {
    profileApi({ 'POST /player/password': () => json({ code: 40001, ErrorMessage: 'Old password is wrong.' }, 400) });
    signIn();
    renderApp('/profile');
    await fillPassword('wrong', 'brand-new');
    await waitFor(() => expect(screen.getByLabelText(/Current password/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/Current password/).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText('Old password is wrong.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('false');
  });

  it('puts 40101 on the new-password field', async () => {
    const fetchMock = profileApi({
      'POST /player/password': () => json({ code: 40101, ErrorMessage: 'Password is too short.', Params: { min_length: 4 } }, 400),
    });
    signIn();
    renderApp('/profile');
    await fillPassword('demo1234', 'abc');
    await waitFor(() => expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Password is too short.').length).toBeGreaterThan(0);
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(requestBody(sent?.[1])).toEqual({ oldPassword: 'demo1234', newPassword: 'abc' });
  });

  it('checks the confirmation before asking the server, and clears the form on success', async () => {
    const fetchMock = profileApi({ 'POST /player/password': () => json({ status: true, code: 20000, revokedSessions: 2 }) });
    signIn();
    renderApp('/profile');
    await fillPassword('demo1234', 'brand-new', 'brand-neW');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/Confirm the new password/));
    await userEvent.type(screen.getByLabelText(/Confirm the new password/), 'brand-new');
    // Every toast the message bar is given from here on, so that a failure lists them.
    const toasts: string[] = [];
    const unsubscribe = useToastStore.subscribe(({ toasts: shown }) => toasts.push(...shown.map((toast) => toast.message)));
    onTestFinished(unsubscribe);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // In steps, so that a failure says which did not happen: the form sent the change, the message bar was given
    // the toast, the toast is on screen. (Twice, in CI runs where this test took 9.3 s, the toast was not on
    // screen after 5 s; alone it takes 0.6 s.)
    const changed = 'Your password was changed. Your other sessions were signed out.';
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(toasts).toContain(changed));
    expect(await screen.findByText(changed)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Current password/).value).toBe('');
  });

  it('saves the colour scheme with POST /api/auth/user/update, keeping the other settings', async () => {
    const bodies: unknown[] = [];
    profileApi({
      'POST /api/auth/user/update': ({ body }) => {
        bodies.push(body);
        return json(sampleAccountUser({ shortcuts: ['lobby', 'rules'], settings: (body as { user: { settings: object } }).user.settings }));
      },
    });
    signIn();
    renderApp('/profile');
    await screen.findByTestId('profile-display-name');
    // The form shows the settings the profile answered.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Colour scheme' }).textContent).toBe('Midnight Gold'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Colour scheme' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Daylight' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies).toEqual([{ user: { settings: { theme: 'dark', layout: { style: 'layout1' }, themes: { main: 'daylight' } } } }]);
    await waitFor(() => expect(useSessionStore.getState().user?.shortcuts).toEqual(['lobby', 'rules']));
  });

  it('Responsible gaming: sends limits in minor units, shows a raise waiting for its cooling-off, and a time-out signs out', async () => {
    const fetchMock = profileApi({
      'GET /player/protection': () => json(protectionStatus(10_000)),
      'PUT /player/protection/limits': () => json(protectionStatus(10_000, 50_000)),
      'POST /player/protection/exclusion': () =>
        json({ kind: 'time-out', startsAt: '2026-01-01T10:00:00.000Z', until: '2026-01-02T10:00:00.000Z' }),
    });
    signIn();
    renderApp('/profile');
    const panel = await screen.findByRole('region', { name: 'Responsible gaming' });
    const daily = await within(panel).findByLabelText('Daily cash-in limit');
    expect((daily as HTMLInputElement).value).toBe('100');
    await userEvent.clear(daily);
    await userEvent.type(daily, '500');
    await userEvent.type(within(panel).getByLabelText('Weekly loss limit'), '12.5x');
    expect(within(panel).getByRole('button', { name: 'Save limits' })).toHaveProperty('disabled', true);
    await userEvent.clear(within(panel).getByLabelText('Weekly loss limit'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(sentBody(fetchMock, 'PUT', '/player/protection/limits')).toEqual({ limits: { cashInDay: 50_000 } }));
    expect(await within(panel).findByText(/^Waiting: /)).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Take a break' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Yes, end my sessions now' }));
    await waitFor(() => expect(sentBody(fetchMock, 'POST', '/player/protection/exclusion')).toEqual({ kind: 'time-out', hours: 24 }));
    await waitFor(() => expect(useSessionStore.getState().status).not.toBe('authenticated'));
  });
});
