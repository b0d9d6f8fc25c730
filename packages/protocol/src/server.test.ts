import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './origins.ts';
import { corsOriginCheck, serviceTokenMatches } from './server.ts';

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
