import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { checkIp, IP_CHECK_TIMEOUT_MS, ipCheckUrl } from './ip-check';

const page = 'https://portal.example.com/lobby?x=1';

describe('ipCheckUrl', () => {
  it.each([
    ['', 'https://portal.example.com/check'],
    ['https://api.example.com', 'https://api.example.com/check'],
    ['https://api.example.com/', 'https://api.example.com/check'],
    ['https://api.example.com/api', 'https://api.example.com/check'],
    ['https://api.example.com/api/', 'https://api.example.com/check'],
    ['https://api.example.com/v1/api//', 'https://api.example.com/v1/check'],
    ['http://127.0.0.1:8080/nowhere/api/', 'http://127.0.0.1:8080/nowhere/check'],
    ['/api', 'https://portal.example.com/check'],
    ['/v2/api/', 'https://portal.example.com/v2/check'],
  ])('apiBaseUrl %j → %s', (apiBaseUrl, expected) => {
    expect(ipCheckUrl(apiBaseUrl, page).href).toBe(expected);
  });
});

describe('checkIp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks GET {api base}../check for JSON, never from a cache', async () => {
    const fetchMock = mockFetch({ 'GET /check': () => json({ status: 1, code: 20000, ip: '85.100.1.1', country: 'TR' }) });
    await expect(checkIp('https://api.example.com/api', { pageUrl: page })).resolves.toEqual({ kind: 'allowed' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(requestUrl(url)).toBe('https://api.example.com/check');
    expect(init).toMatchObject({ headers: { Accept: 'application/json' }, cache: 'no-store' });
  });

  it('status 1 is allowed, whatever the country', async () => {
    mockFetch({ 'GET /check': () => json({ status: 1, code: 20000, ip: '127.0.0.1', country: 'LAN' }) });
    await expect(checkIp('')).resolves.toEqual({ kind: 'allowed' });
  });

  it('status 0 with code 0 is blocked, with the address and country', async () => {
    mockFetch({ 'GET /check': () => json({ status: 0, code: 0, ip: '46.4.1.1', country: 'DE' }) });
    await expect(checkIp('')).resolves.toEqual({ kind: 'blocked', ip: '46.4.1.1', country: 'DE' });
  });

  it.each([
    ['a 404', () => json({ code: 404, ErrorMessage: 'Not found' }, 404)],
    ['a 500', () => json({ code: 50000 }, 500)],
    ['a 204', () => new Response(null, { status: 204 })],
    ['a 200 that is not JSON', () => new Response('<!doctype html><p>hello</p>', { status: 200 })],
    ['a 200 of another shape', () => json({ status: 'ok' })],
    ['status 0 with another code than 0', () => json({ status: 0, code: 10703, ip: '46.4.1.1', country: 'DE' })],
  ])('%s is the network-error alert', async (_name, answer) => {
    mockFetch({ 'GET /check': answer });
    await expect(checkIp('')).resolves.toEqual({ kind: 'failed' });
  });

  it('no answer (the request fails) is the network-error alert', async () => {
    mockFetch({
      'GET /check': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(checkIp('')).resolves.toEqual({ kind: 'failed' });
  });

  it('an answer that does not come within the time limit is the network-error alert', async () => {
    vi.useFakeTimers();
    let aborted = false;
    mockFetch({
      'GET /check': ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    });
    const outcome = checkIp('');
    await vi.advanceTimersByTimeAsync(IP_CHECK_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ kind: 'failed' });
    expect(aborted).toBe(true);
  });
});
