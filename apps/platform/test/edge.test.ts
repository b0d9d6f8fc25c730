import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { ErrorCode } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * The platform's edge, against the running server (docs/security.md): which browser origins may call the
 * API and sockets, the security headers, and how the portal's files are delivered (precompressed,
 * cached, revalidated).
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, which sends the Host header it is given (fetch does not): the DNS-rebinding shape needs it. */
function raw(base: string, pathname: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const json = (answer: Raw) => JSON.parse(answer.body.toString('utf8'));

/** A POST with a text body through node:http (Socket.IO's long-polling sends its packets so). */
function rawPost(base: string, pathname: string, body: string, headers: Record<string, string>): Promise<Raw> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The headers docs/security.md "Headers" says every answer of the platform carries. */
function expectSecurityHeaders(headers: http.IncomingHttpHeaders | Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'self'");
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(String(headers['permissions-policy']), what).toMatch(/camera=\(\)/);
}

describe('origins: the configured public origins only, never the request Host', () => {
  let platform: TestPlatform;
  let token: string;
  let port: string;
  beforeAll(async () => {
    platform = await startTestPlatform({ allowedOrigins: ['https://partner.example.com'] });
    token = await platform.login();
    port = new URL(platform.url).port;
  });
  afterAll(() => platform?.stop());

  const balanceFrom = (origin: string, host?: string) =>
    raw(platform.url, '/player/balance', { headers: { origin, authorization: `Bearer ${token}`, ...(host ? { host } : {}) } });

  it('the page origin (and its loopback aliases) and ALLOWED_ORIGINS get the answer and the CORS header', async () => {
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'https://partner.example.com']) {
      const answer = await balanceFrom(origin);
      expect(answer.status, origin).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers.vary).toMatch(/Origin/i);
    }
  });

  it.each([
    ['the page origin over https (scheme differs)', (p: string) => `https://localhost:${p}`],
    ['the page host on another port', () => 'http://localhost:1'],
    ['an allowed origin over http', () => 'http://partner.example.com'],
    ['a foreign site', () => 'https://evil.example'],
  ])('%s is refused with 403 / 40000 and no CORS header', async (_name, originOf) => {
    const answer = await balanceFrom(originOf(port));
    expect(answer.status).toBe(403);
    expect(json(answer)).toMatchObject({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Origin not allowed.' });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an Origin equal to a forged Host header (DNS rebinding) does not read the balance', async () => {
    const answer = await balanceFrom(`http://rebind.evil.example:${port}`, `rebind.evil.example:${port}`);
    expect(answer.status).toBe(403);
    expect(answer.body.toString()).not.toContain('balance');
  });

  it('a preflight from an allowed origin is answered; from another origin refused', async () => {
    const ask = (origin: string) =>
      raw(platform.url, '/player/balance', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await ask(`http://localhost:${port}`);
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/);
    expect((await ask('http://localhost:1')).status).toBe(403);
  });

  it('the notification socket refuses a foreign origin and accepts the page origin', async () => {
    const connect = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = connectSocket(platform.url, {
          auth: { token },
          transports: ['polling'],
          reconnection: false,
          extraHeaders: { origin },
        });
        socket.once('connect', () => (socket.close(), resolve('connected')));
        socket.once('connect_error', () => (socket.close(), resolve('refused')));
      });
    expect(await connect(`https://localhost:${port}`)).toBe('refused');
    expect(await connect(`http://evil.example:${port}`)).toBe('refused');
    expect(await connect(`http://localhost:${port}`)).toBe('connected');
  });

  it("the notification socket's long-polling answers carry CORS for an allowed origin (a page with apiBaseUrl there), none for another", async () => {
    const partner = 'https://partner.example.com';
    const handshake = (origin: string) => raw(platform.url, '/socket.io/?EIO=4&transport=polling', { headers: { origin } });
    const allowed = await handshake(partner);
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(partner);
    const { sid } = JSON.parse(allowed.body.toString().slice(1)) as { sid: string };
    // The packets after the handshake too: the CONNECT with the token, and the poll that answers it.
    const post = await rawPost(platform.url, `/socket.io/?EIO=4&transport=polling&sid=${sid}`, `40${JSON.stringify({ token })}`, {
      origin: partner,
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(post.status).toBe(200);
    expect(post.headers['access-control-allow-origin']).toBe(partner);
    const poll = await raw(platform.url, `/socket.io/?EIO=4&transport=polling&sid=${sid}`, { headers: { origin: partner } });
    expect(poll.headers['access-control-allow-origin']).toBe(partner);
    expect(poll.body.toString()).toMatch(/^40\{"sid"/);
    const preflight = await raw(platform.url, '/socket.io/?EIO=4&transport=polling', {
      method: 'OPTIONS',
      headers: { origin: partner, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(partner);

    const refused = await handshake('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a socket.io-client of another allowed origin over long-polling signs in and gets its balance pushes', async () => {
    const socket = connectSocket(platform.url, {
      auth: { token },
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { origin: 'https://partner.example.com' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const pushed = new Promise<{ balance: number }>((resolve) => socket.once('balance', resolve));
      const { id } = (await platform.services.players.findByLogin('demo'))!;
      await platform.services.ledger.transfer({
        idempotencyKey: `edge-${Date.now()}`,
        action: 1,
        from: 'system:cashier',
        to: `player:${id}:wallet`,
        amount: 100,
      });
      expect((await pushed).balance).toBe(await platform.services.ledger.balance(id));
    } finally {
      socket.close();
    }
  });
});

describe('PUBLIC_URL https://play.example.com', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ publicUrl: 'https://play.example.com' });
  });
  afterAll(() => platform?.stop());

  it('allows exactly that origin (not http://, not localhost) and sends HSTS', async () => {
    const login = (origin: string) =>
      fetch(`${platform.url}/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
      });
    expect((await login('https://play.example.com')).status).toBe(200);
    expect((await login('http://play.example.com')).status).toBe(403);
    expect((await login(new URL(platform.url).origin)).status).toBe(403);
    const page = await fetch(`${platform.url}/Settings.json`);
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});

describe('security headers', () => {
  // As `reelcast start` names its own agent's origin before the agent has reported anything.
  const agentUrl = 'http://localhost:8081';
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({}, { connectUrls: [agentUrl] });
  });
  afterAll(() => platform?.stop());

  /** The CSP as directive → sources. */
  const csp = (header: string | null) =>
    Object.fromEntries(
      (header ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name!, sources]),
    );

  it('the portal page and the API answers carry a strict CSP, nosniff, no referrer, frame-ancestors and a Permissions-Policy', async () => {
    for (const url of ['/login', '/Settings.json', '/machine/all']) {
      const answer = await fetch(platform.url + url, { headers: { accept: 'text/html' } });
      const headers = answer.headers;
      const policy = csp(headers.get('content-security-policy'));
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['worker-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      // Plain http: no HSTS (it would pin a browser to https on a host that has none).
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers sent before any route carry them too: the origin refusal (403) and a URL that cannot be decoded (400)', async () => {
    const refused = await platform.app.inject({ url: '/player/balance', headers: { origin: 'https://evil.example' } });
    expect(refused.statusCode).toBe(403);
    expectSecurityHeaders(refused.headers, 'origin refused');
    const undecodable = await platform.app.inject({ url: '/x/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({ code: ErrorCode.InvalidRequest, ErrorMessage: 'The URL is not valid.' });
    expectSecurityHeaders(undecodable.headers, 'undecodable URL');
  });

  it("Socket.IO's own answers carry them: the long-polling handshake and packets, a refused origin, a bad transport", async () => {
    const handshake = await raw(platform.url, '/socket.io/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    expect(handshake.headers['content-type']).toMatch(/^text\/plain/);
    expectSecurityHeaders(handshake.headers, 'polling handshake');
    const { sid } = JSON.parse(handshake.body.toString().slice(1)) as { sid: string };
    // A CONNECT without a token: refused, so the poll after it has a packet to answer at once.
    const connect = await rawPost(platform.url, `/socket.io/?EIO=4&transport=polling&sid=${sid}`, '40', { 'content-type': 'text/plain' });
    expectSecurityHeaders(connect.headers, 'polling packet');
    const poll = await raw(platform.url, `/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(poll.body.toString()).toMatch(/^44/);
    expectSecurityHeaders(poll.headers, 'poll');
    const refused = await raw(platform.url, '/socket.io/?EIO=4&transport=polling', { headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expectSecurityHeaders(refused.headers, 'socket origin refused');
    const unknown = await raw(platform.url, '/socket.io/?EIO=4&transport=carrier-pigeon');
    expect(unknown.status).toBe(400);
    expectSecurityHeaders(unknown.headers, 'unknown transport');
  });

  /** The page's policy once it satisfies `until` (the source list is read again in the background), or the last one after 10 s. */
  async function policyOnceItHas(until: (policy: Record<string, string[]>) => boolean) {
    let policy: Record<string, string[]> = {};
    for (let tries = 0; tries < 100; tries++) {
      policy = csp((await fetch(`${platform.url}/login`)).headers.get('content-security-policy'));
      if (until(policy)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return policy;
  }

  it("connect-src names the machines' game-socket and video origins as the agents report them", async () => {
    const before = csp((await fetch(`${platform.url}/login`)).headers.get('content-security-policy'));
    expect(before['connect-src']).toEqual(["'self'", 'http://localhost:8081', 'ws://localhost:8081']);
    await platform.call('PUT', '/machine-api/machines/1/status', {
      token: platform.services.machineApiToken,
      body: { status: 'idle', address: 'http://agent-7.example:9000/machines/1', video: 'https://media.example/whep/1' },
    });
    const policy = await policyOnceItHas((p) => (p['connect-src'] ?? []).includes('https://media.example'));
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://agent-7.example:9000',
        'ws://agent-7.example:9000',
        'https://media.example',
        'wss://media.example',
      ]),
    );
    expect(policy['connect-src']).not.toContain('https://*.tawk.to');
  });

  it('the live-chat provider is allowed only once Settings.json names it', async () => {
    const file = platform.services.settings.path;
    const before = fs.readFileSync(file, 'utf8');
    expect(csp((await fetch(`${platform.url}/login`)).headers.get('content-security-policy'))['script-src']).toEqual(["'self'"]);
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(before), liveChat: { provider: 'tawk', id: 'abc/def' } }));
    try {
      // A page asked for after the edit is served with the new policy (no TTL to wait for).
      const policy = csp(
        (await fetch(`${platform.url}/login`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy'),
      );
      expect(policy['script-src']).toEqual(["'self'", 'https://*.tawk.to', 'https://cdn.jsdelivr.net']);
      expect(policy['connect-src']).toEqual(expect.arrayContaining(['https://*.tawk.to', 'wss://*.tawk.to']));
    } finally {
      fs.writeFileSync(file, before);
    }
  });
});

describe('delivery of the portal', () => {
  const portalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-portal-'));
  const page = '<!doctype html><html><head><title>Reelcast</title></head><body><div id="root"></div></body></html>'.repeat(20);
  const script = `export const value = ${JSON.stringify('x'.repeat(4000))};`;
  let platform: TestPlatform;
  beforeAll(async () => {
    fs.mkdirSync(path.join(portalDir, 'assets', 'machines'), { recursive: true });
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(portalDir, name), text);
      fs.writeFileSync(path.join(portalDir, `${name}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(portalDir, `${name}.gz`), zlib.gzipSync(text));
    };
    write('index.html', page);
    write('assets/app-AbC123_x.js', script);
    fs.writeFileSync(path.join(portalDir, 'assets', 'machines', 'default.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    platform = await startTestPlatform({ portalDir });
  });
  afterAll(async () => {
    await platform?.stop();
    fs.rmSync(portalDir, { recursive: true, force: true });
  });

  it('sends the build’s .br or .gz file as the browser accepts, and the plain file to one that accepts neither', async () => {
    const br = await raw(platform.url, '/assets/app-AbC123_x.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(fs.readFileSync(path.join(portalDir, 'assets/app-AbC123_x.js.br')))).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    const gz = await raw(platform.url, '/assets/app-AbC123_x.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw(platform.url, '/assets/app-AbC123_x.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const route = await raw(platform.url, '/lobby', { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(route.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(route.body).toString()).toBe(page);
  });

  it('caches hashed files for a year; index.html and Settings.json are revalidated (no-cache + validator, then 304)', async () => {
    expect((await raw(platform.url, '/assets/app-AbC123_x.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/lobby', '/Settings.json']) {
      const first = await raw(platform.url, url, { headers: { accept: 'text/html' } });
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag;
      expect(etag, url).toBeTruthy();
      const again = await raw(platform.url, url, { headers: { accept: 'text/html', 'if-none-match': etag! } });
      expect(again.status, url).toBe(304);
    }
  });

  it('compresses JSON answers above 1 kB and leaves small ones alone', async () => {
    const token = await platform.login();
    const machines = await raw(platform.url, '/machine/all', { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(machines.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(machines.body).toString())).toHaveLength(12);
    expect(String(machines.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    const balance = await raw(platform.url, '/player/balance', {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(balance.headers['content-encoding']).toBeUndefined();
  });

  it("serves the portal's last-resort machine image, and the operator's images before it", async () => {
    const fallback = await raw(platform.url, '/assets/machines/default.svg');
    expect(fallback.status).toBe(200);
    expect(fallback.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await raw(platform.url, '/assets/machines/aurora.png')).headers['content-type']).toBe('image/png');
  });
});
