import { describe, expect, it } from 'vitest';
import { getSession } from '@/shared/session/session-store';
import { getAccessToken, setAccessToken } from '@/shared/session/token-storage';
import { useToastStore } from '@/shared/toasts/toast-store';
import { authHeader, json, mockFetch } from '@/test/fetch-mock';
import { makeToken } from '@/test/jwt';
import { checkStoredToken } from './check-stored-token';

const messages = () => useToastStore.getState().toasts.map((toast) => toast.message);

const signInAnswer = (token: string) => ({
  token,
  pin_code: '1234',
  ip_address: '192.0.2.1',
  versions: 'v2.4.5',
  Group: 1,
  Permissions: [145],
  last_logon: '2025-02-03T04:05:06Z',
  last_logon_ip: '192.0.2.2',
  user: {
    id: 7,
    username: 'demo',
    name: 'Deniz',
    lastname: 'Yılmaz',
    email: 'demo@example.com',
    displayName: 'Deniz Yılmaz',
    type: 'player',
    Group: 1,
    Permissions: [145],
    photoURL: '',
    shortcuts: [],
  },
});

describe('stored token check at start', () => {
  it('continues as a guest without a token and calls nothing', async () => {
    const fetchMock = mockFetch({});
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(getSession().role).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(messages()).toEqual([]);
  });

  it("logs out an expired token with 'access_token expired'", async () => {
    const fetchMock = mockFetch({});
    setAccessToken(makeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBeNull();
    expect(messages()).toEqual(['access_token expired']);
    expect(useToastStore.getState().toasts[0]?.autoHideDuration).toBe(6000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token sign-in before the messages are in; its message waits for them', async () => {
    const fetchMock = mockFetch({ 'POST /login/token': () => json({ code: 10700, ErrorMessage: 'Invalid token' }, 401) });
    setAccessToken(makeToken());
    let messagesIn: () => void = () => {};
    const check = checkStoredToken(Date.now(), new Promise<void>((resolve) => (messagesIn = resolve)));
    await expect.poll(() => getSession().status).toBe('guest');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(messages()).toEqual([]);
    messagesIn();
    await check;
    expect(messages()).toHaveLength(1);
  });

  it('signs in with a valid token and sets the user data', async () => {
    const stored = makeToken();
    const fresh = makeToken({ jti: 'fresh' });
    const fetchMock = mockFetch({
      'POST /login/token': ({ init }) => {
        expect(authHeader(init)).toBe(`Bearer ${stored}`);
        return json(signInAnswer(fresh));
      },
    });
    setAccessToken(stored);
    await checkStoredToken();

    expect(fetchMock).toHaveBeenCalledOnce();
    const session = getSession();
    expect(session.status).toBe('authenticated');
    expect(session.role).toEqual(['user']);
    expect(session.user).toMatchObject({ name: 'Deniz', lastname: 'Yılmaz', username: 'demo' });
    expect(session.lastLogin).toEqual({ ip_address: '192.0.2.1', last_logon: '2025-02-03T04:05:06Z', last_logon_ip: '192.0.2.2' });
    expect(getAccessToken()).toBe(fresh);
    expect(JSON.parse(window.localStorage.getItem('last_login') ?? 'null')).toMatchObject({ last_logon_ip: '192.0.2.2' });
  });

  it("shows 'Invalid access_token' and forgets the token when the server refuses it", async () => {
    mockFetch({ 'POST /login/token': () => json({ code: 10, ErrorMessage: 'signature not verified' }, 401) });
    setAccessToken(makeToken());
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBeNull();
    expect(messages()).toEqual(['Invalid access_token']);
  });

  it('keeps the token but stays a guest when the server cannot be reached', async () => {
    const token = makeToken();
    mockFetch({
      'POST /login/token': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    setAccessToken(token);
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBe(token);
    expect(messages()).toEqual(['Network Error, please check your connection']);
  });

  it('keeps the token when the answer is cut off after its status line (the page left mid-answer)', async () => {
    const token = makeToken();
    mockFetch({ 'POST /login/token': () => new Response(failingBody(), { status: 200 }) });
    setAccessToken(token);
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBe(token);
    expect(messages()).toEqual(['Network Error, please check your connection']);
  });

  it.each([
    [503, 50000],
    [429, 40000],
  ])('keeps the token when the server answers %i: no verdict on the token', async (status, code) => {
    const token = makeToken();
    mockFetch({ 'POST /login/token': () => json({ code, ErrorMessage: 'not now' }, status) });
    setAccessToken(token);
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBe(token);
    expect(messages()).toHaveLength(1);
  });

  it('forgets the token of a banned player (403 with 10704)', async () => {
    mockFetch({ 'POST /login/token': () => json({ code: 10704, ErrorMessage: 'you have been banned' }, 403) });
    setAccessToken(makeToken());
    await checkStoredToken();
    expect(getAccessToken()).toBeNull();
  });
});

/** A body whose stream fails once read, as when the connection drops after the answer's headers. */
function failingBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.error(new TypeError('network error'));
    },
  });
}
