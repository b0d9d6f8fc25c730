import { describe, expect, it } from 'vitest';
import { allowedOrigins, originAllowed } from './origins.ts';

describe('originAllowed', () => {
  const local = allowedOrigins({ publicUrls: ['http://localhost:8080'] });
  const public_ = allowedOrigins({
    publicUrls: ['https://play.example.com/'],
    extra: ['https://cdn.example.com:8443', ' http://admin.example.com '],
  });

  it.each<[string, string | undefined, boolean]>([
    ['no Origin header (not a browser)', undefined, true],
    ['the public origin', 'https://play.example.com', true],
    ['the public origin over http (scheme differs)', 'http://play.example.com', false],
    ['the public host on another port', 'https://play.example.com:8443', false],
    ['a subdomain of the public host', 'https://evil.play.example.com', false],
    ['a host that ends like the public one', 'https://notplay.example.com', false],
    ['an extra origin with its port', 'https://cdn.example.com:8443', true],
    ['an extra origin without its port', 'https://cdn.example.com', false],
    ['an extra origin given with spaces', 'http://admin.example.com', true],
    ['the opaque origin "null"', 'null', false],
    ['garbage', 'not a url', false],
  ])('%s', (_name, origin, allowed) => {
    expect(originAllowed(origin, public_)).toBe(allowed);
  });

  it('a loopback public URL allows its other loopback names on the same port and scheme only', () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'])
      expect(originAllowed(origin, local)).toBe(true);
    for (const origin of [
      'https://localhost:8080',
      'http://localhost:8081',
      'http://192.168.1.5:8080',
      'http://localhost.evil.example:8080',
    ]) {
      expect(originAllowed(origin, local)).toBe(false);
    }
  });

  it("'*' allows every origin", () => {
    expect(originAllowed('https://anything.example', allowedOrigins({ publicUrls: [], extra: ['*'] }))).toBe(true);
  });
});
