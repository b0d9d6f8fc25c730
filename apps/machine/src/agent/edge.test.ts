import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { ErrorCode } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import type { RunningAgent } from './agent.ts';
import { startTestAgent } from './agent-test-helpers.ts';

/**
 * The agent's edge (docs/security.md): the portal's origins only, with the platform's rule (scheme and
 * port included, never the request's Host), on the game socket and on WHEP; and its security headers.
 */

let platform: TestPlatform;
let agent: RunningAgent;
let portal: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  portal = new URL(platform.url).origin;
  agent = await startTestAgent(platform, {
    seed: 'edge',
    allowedOrigins: [platform.url, 'https://partner.example.com'],
  });
});
afterAll(async () => {
  await agent?.close();
  await platform?.stop();
});

function request(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(pathname, agent.url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const whepOffer = (origin: string, host?: string) =>
  request('/machines/1/whep', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/sdp', authorization: 'Bearer x', ...(host ? { host } : {}) },
    body: 'v=0\r\n',
  });

describe('origins', () => {
  it('the portal origin (and its loopback alias) and ALLOWED_ORIGINS pass the origin check and get the CORS headers', async () => {
    const loopbackAlias = portal.replace('localhost', '127.0.0.1');
    for (const origin of [portal, loopbackAlias, 'https://partner.example.com']) {
      const answer = await whepOffer(origin);
      // Past the origin check, the bad token is what is refused.
      expect(answer.status, origin).toBe(403);
      expect(answer.text).toBe('Only the player holding this machine may watch it.');
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers['access-control-expose-headers']).toMatch(/Location/);
    }
  });

  it.each([
    ['the portal over https (scheme differs)', () => portal.replace('http:', 'https:')],
    ['the portal host on another port', () => 'http://localhost:1'],
    ["the agent's own host (the request's Host is never the rule)", () => new URL(agent.url).origin],
  ])('%s is refused before the route runs', async (_name, originOf) => {
    const answer = await whepOffer(originOf());
    expect(answer.status).toBe(403);
    expect(answer.text).toBe('Origin not allowed.');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an Origin equal to a forged Host header (DNS rebinding) is refused', async () => {
    const port = new URL(agent.url).port;
    const answer = await whepOffer(`http://rebind.evil.example:${port}`, `rebind.evil.example:${port}`);
    expect(answer.status).toBe(403);
    expect(answer.text).toBe('Origin not allowed.');
  });

  it('the platform commands answer the SPEC shape to a foreign origin', async () => {
    const answer = await request('/machines/1/commands/kick', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Origin not allowed.' });
  });

  it('the game socket refuses a foreign origin and accepts the portal', async () => {
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(`${agent.url}/machines/1`, { transports: ['websocket'], reconnection: false, extraHeaders: { origin } });
        socket.once('connect', () => (socket.close(), resolve('connected')));
        socket.once('connect_error', () => (socket.close(), resolve('refused')));
      });
    expect(await open('https://evil.example')).toBe('refused');
    expect(await open(portal.replace('http:', 'https:'))).toBe('refused');
    expect(await open(portal)).toBe('connected');
  });
});

describe("a machine's id", () => {
  it('is read from canonical decimal digits only: a command for 01, 0x1, 1.0 or " 1" is refused (400), an unknown machine is 404', async () => {
    const command = (id: string) =>
      request(`/machines/${id}/commands/kick`, {
        method: 'POST',
        headers: { authorization: `Bearer ${platform.services.machineApiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ playerId: 1 }),
      });
    for (const id of ['01', '0x1', '1.0', '%201']) {
      const answer = await command(id);
      expect(answer.status, id).toBe(400);
      expect(JSON.parse(answer.text), id).toEqual({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Invalid machine id.' });
    }
    expect((await command('999')).status).toBe(404);
    expect((await command('1')).status).toBe(409);
  });

  it('names a game socket namespace only in canonical digits: /machines/01 is refused', async () => {
    const open = (machine: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(`${agent.url}/machines/${machine}`, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { origin: portal },
        });
        socket.once('connect', () => (socket.close(), resolve('connected')));
        socket.once('connect_error', (error) => (socket.close(), resolve(error.message)));
      });
    expect(await open('01')).toBe('Invalid namespace');
    expect(await open('1')).toBe('connected');
  });
});

describe('the game socket', () => {
  it('is WebSocket only, as the portal opens it: a long-polling request is refused (400), a WebSocket connects', async () => {
    const polling = await request('/socket.io/?EIO=4&transport=polling', { headers: { origin: portal } });
    expect(polling.status).toBe(400);
    expect(JSON.parse(polling.text)).toMatchObject({ message: 'Transport unknown' });
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(`${agent.url}/machines/1`, { transports: ['polling'], reconnection: false, extraHeaders: { origin: portal } });
      socket.once('connect', () => (socket.close(), resolve('connected')));
      socket.once('connect_error', () => (socket.close(), resolve('refused')));
    });
    expect(refused).toBe('refused');
  });
});

describe('security headers', () => {
  const expectHeaders = (answer: { headers: http.IncomingHttpHeaders }, what: string) => {
    expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
    expect(answer.headers['referrer-policy'], what).toBe('no-referrer');
    expect(answer.headers['content-security-policy'], what).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers['strict-transport-security'], what).toBeUndefined();
  };

  it('every answer carries nosniff, no referrer and a CSP that allows nothing and no framing', async () => {
    expectHeaders(await request('/health'), 'health');
    expectHeaders(await whepOffer(portal), 'WHEP');
  });

  it('so do the answers no route gives: an origin refusal, a URL that cannot be decoded, the game socket engine', async () => {
    const refused = await whepOffer('https://evil.example');
    expect(refused.status).toBe(403);
    expectHeaders(refused, 'origin refused');
    const undecodable = await request('/machines/%E0%A4%A/whep');
    expect(undecodable.status).toBe(400);
    expect(JSON.parse(undecodable.text)).toEqual({ code: ErrorCode.InvalidRequest, ErrorMessage: 'The URL is not valid.' });
    expectHeaders(undecodable, 'undecodable URL');
    for (const url of ['/socket.io/?EIO=4&transport=polling', '/socket.io/?EIO=4&transport=websocket']) {
      const engine = await request(url, { headers: { origin: portal } });
      expect(engine.status, url).toBe(400);
      expectHeaders(engine, url);
    }
    const foreign = await request('/socket.io/?EIO=4&transport=websocket', { headers: { origin: 'https://evil.example' } });
    expectHeaders(foreign, 'socket origin refused');
  });
});
