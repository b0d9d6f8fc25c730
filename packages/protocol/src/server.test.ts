import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './origins.ts';
import { closeWithin, corsOriginCheck, serviceTokenMatches } from './server.ts';

describe('corsOriginCheck', () => {
  const check = corsOriginCheck(
    () => allowedOrigins({ publicUrls: ['https://play.example.com'] }),
    (origin) => new Error(`refused ${origin}`),
  );
  const answer = (origin: string | undefined) => {
    let result: [Error | null, string | boolean] | undefined;
    check(origin, (error, allowed) => (result = [error, allowed]));
    return result;
  };

  it('leaves CORS out without an Origin, echoes an allowed one, refuses any other with the given error', () => {
    expect(answer(undefined)).toEqual([null, false]);
    expect(answer('https://play.example.com')).toEqual([null, 'https://play.example.com']);
    expect(answer('https://evil.example')).toEqual([new Error('refused https://evil.example'), false]);
    expect(answer('http://play.example.com')).toEqual([new Error('refused http://play.example.com'), false]);
  });
});

describe('serviceTokenMatches', () => {
  it('accepts exactly the Bearer token and nothing else', () => {
    const token = 'a-service-token-of-32-characters';
    expect(serviceTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(serviceTokenMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(serviceTokenMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(serviceTokenMatches(token, token)).toBe(false);
    expect(serviceTokenMatches(undefined, token)).toBe(false);
  });
});

describe('closeWithin', () => {
  it('lets the request in flight finish, then cuts its keep-alive connection instead of waiting out the keep-alive timeout', async () => {
    const server = http.createServer((_request, response) => setTimeout(() => response.end('answered'), 200));
    server.keepAliveTimeout = 72_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Without the cut, server.close() waits the 72 s of keep-alive for this connection (the test's timeout fails it).
    await closeWithin(server, () => new Promise<void>((resolve) => server.close(() => resolve())), 500);
    expect(await answer).toBe('answered');
    expect(server.listening).toBe(false);
  });
});
