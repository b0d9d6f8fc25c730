import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@reelcast/protocol';
import { markGuest, getSession } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';
import { setSettings, defaultSettings } from '@/shared/config/settings';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { rulesAnswer } from '@/test/rules';
import { useToastStore } from '@/shared/toasts/toast-store';
import { sampleProfile } from '@/test/profile';
import { makeToken } from '@/test/jwt';
import { renderApp } from '@/test/render-app';

const loginAnswer = (token = makeToken()) => ({
  token,
  pin_code: null,
  ip_address: '10.1.1.1',
  versions: 'v2.4.5',
  last_logon: '2025-01-02T03:04:05Z',
  last_logon_ip: '10.1.1.2',
});

/** The text an input is described by (its helper text), as a screen reader reads it after the label. */
const descriptionOf = (input: HTMLElement): string =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

async function openLogin(path = '/login') {
  markGuest();
  const view = renderApp(path);
  const username = await screen.findByLabelText(/Email or username/);
  const password = screen.getByLabelText(/^Password/);
  const submit = screen.getByRole('button', { name: 'Login' });
  return { ...view, username, password, submit, user: userEvent.setup() };
}

describe('login form', () => {
  it('shows the min-length message and keeps the button disabled until both fields are valid', async () => {
    const { username, password, submit, user } = await openLogin();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(username, 'abc');
    expect(await screen.findByText('Min character length is 4')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(username, 'd');
    await user.type(password, '123');
    await waitFor(() => expect(screen.getAllByText('Min character length is 4')).toHaveLength(1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(password, '4');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Min character length is 4')).toBeNull();
  });

  it('toggles the password visibility with a labelled button', async () => {
    const { password, user } = await openLogin();
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('posts username, password and site_id, stores remember-me and returns to the wanted page', async () => {
    setSettings({ ...defaultSettings, siteId: 42 });
    const token = makeToken();
    const fetchMock = mockFetch({
      'POST /login': ({ body }) => {
        expect(body).toEqual({ username: 'demo', password: 'demo1234', site_id: 42 });
        return json(loginAnswer(token));
      },
      'GET /player/balance': () => json({ balance: 12345 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /api/rules': () => rulesAnswer(),
    });
    const { username, password, submit, user, router } = await openLogin('/login?redirect=%2Frules');

    await user.type(username, 'demo');
    await user.type(password, 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
    expect(fetchMock).toHaveBeenCalled();
    expect(window.localStorage.getItem('remember_me')).toBe('demo');
    expect(getAccessToken()).toBe(token);
    expect(getSession().role).toEqual(['user']);
    expect(getSession().user?.username).toBe('demo');
    expect(getSession().lastLogin?.last_logon_ip).toBe('10.1.1.2');
  });

  it('removes remember-me when unchecked and pre-fills a remembered username', async () => {
    window.localStorage.setItem('remember_me', 'olduser');
    mockFetch({
      'POST /login': () => json(loginAnswer()),
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      // Where the sign-in leads: the lobby, whose route asks for its data.
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
    });
    const { username, password, submit, user } = await openLogin();
    expect((username as HTMLInputElement).value).toBe('olduser');
    const remember = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Remember me' });
    expect(remember.checked).toBe(true);

    await user.click(remember);
    await user.type(password, 'secret1');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(getSession().status).toBe('authenticated'));
    expect(window.localStorage.getItem('remember_me')).toBeNull();
    // The test ends where the sign-in does, on the lobby with its data: its route's requests are this test's.
    expect(await screen.findByText('No machines to show.')).toBeTruthy();
  });

  it('shows error code 10700 as a translated toast with its Params', async () => {
    mockFetch({
      'POST /login': () =>
        json({ code: ErrorCode.WrongPassword, ErrorMessage: 'wrong password', Params: { left_count: 2, block_time: 15 } }, 401),
    });
    const { username, password, submit, user } = await openLogin();
    await user.type(username, 'demo');
    await user.type(password, 'wrong-pass');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);

    expect(
      await screen.findByText('Wrong username or password. 2 attempts left before the account is blocked for 15 minutes.'),
    ).toBeTruthy();
    // A 401 from POST /login is a wrong password, not an expired session.
    expect(screen.queryByText('Invalid access_token')).toBeNull();
    expect(getSession().status).toBe('guest');
  });

  // What the platform answers when its request schema refuses a field (apps/platform/src/http/errors.ts).
  it.each([
    ['username', 'x'.repeat(129), 'demo1234', 'Invalid request: body.username: Too big: expected string to have <=128 characters'],
    ['password', 'demo', 'demo\u0001pass', 'Invalid request: body.password: control characters are not allowed'],
  ])('puts the 40000 the platform answers for body.%s on that input', async (field, typedUsername, typedPassword, ErrorMessage) => {
    mockFetch({
      'POST /login': () => json({ code: ErrorCode.InvalidRequest, ErrorMessage, Params: { field: `body.${field}` } }, 400),
    });
    const { username, password, submit, user } = await openLogin();
    await user.click(username);
    await user.paste(typedUsername);
    await user.click(password);
    await user.paste(typedPassword);
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);

    const [named, other] = field === 'username' ? [username, password] : [password, username];
    await waitFor(() => expect(named.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(named)).toBe('Invalid request.');
    expect(other.getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(other)).toBe('');
  });

  it('puts a server error naming a field on that input, falling back to ErrorMessage for unknown codes', async () => {
    const fetchMock = mockFetch({
      'POST /login': () => json({ code: 12345, ErrorMessage: 'This username is not valid here', Params: { field: 'username' } }, 400),
    });
    const { username, password, submit, user } = await openLogin();
    await user.type(username, 'demo');
    await user.type(password, 'demo1234');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);

    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    // Under the field at once; in the message bar once its code is loaded (shared/toasts/toaster.tsx loads
    // it after the first view or with the first toast: a few ticks after the field, later under load).
    // A loaded rehearsal once found it under the field only. Waited for that long here, the message bar held
    // a network error instead: of the lobby's data, which an earlier test's sign-in had led to and asked for
    // after it (src/test/query-client.ts). A failure says what the message bar held and what was asked for.
    const seen = () =>
      `message bar: ${JSON.stringify(useToastStore.getState().toasts.map((toast) => toast.message))}; requests: ` +
      fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${requestUrl(input)}`).join(', ');
    await waitFor(() => expect(screen.getAllByText('This username is not valid here'), seen()).toHaveLength(2));
  });
});
