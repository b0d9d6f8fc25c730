import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect } from 'socket.io-client';
import { ErrorCode } from '@reelcast/protocol';
import { loadConfig, startPlatform, type RunningPlatform } from '@reelcast/platform';
import { redisUp, startTestPlatform, testRedisUrl, type TestPlatform } from '@reelcast/testing';
import { agentConfig, loadAgentSettings } from '../config.ts';
import { PlatformClient, PlatformUnreachable } from './platform-client.ts';
import { fundedPlayer, openGameSocket, sendAck, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/**
 * PLATFORM_URL naming several platform instances (docs/machine-protocol.md "Several platform
 * instances"): a call that finds one unreachable goes to the next, with the same body (its idempotency
 * key), and the agent keeps using the one that answered. And the page origins of a load balancer.
 */

type Seen = { method: string; url: string; body: string };

/** A plain HTTP server that notes every request and answers with `answer` (or destroys the socket). */
async function server(answer: (seen: Seen, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', body };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((resolve) => srv.close(resolve)) };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A port nothing listens on (a killed instance): connections are refused. */
async function deadUrl() {
  const gone = await server(() => {});
  await gone.close();
  return gone.url;
}

describe('PlatformClient with several URLs', () => {
  const machines = [
    { id: 1, name: 'M1', status: 'idle', image: 'm.png', brand: 'B', brandId: 1, reservation: null, address: '', video: '' },
  ];

  it('goes past an instance that refuses connections or answers 5xx, then keeps using the one that answered', async () => {
    const failing = await server((_seen, res) => json(res, 503, { code: 1, ErrorMessage: 'draining' }));
    const live = await server((_seen, res) => json(res, 200, machines));
    try {
      const client = new PlatformClient({
        baseUrl: `${await deadUrl()}, ${failing.url} ,${live.url}/`,
        serviceToken: 'x'.repeat(32),
        retryForMs: 0,
      });
      expect((await client.machines()).map((m) => m.id)).toEqual([1]);
      expect(failing.seen).toHaveLength(1);
      expect(client.urls[0]).toBe(live.url);
      // The next call starts at the instance that answered: the failing one hears nothing more.
      await client.machines();
      expect(failing.seen).toHaveLength(1);
      expect(live.seen).toHaveLength(2);
    } finally {
      await Promise.all([failing.close(), live.close()]);
    }
  });

  it('a money call cut off by a dying instance is made on the next one with the same transfer id', async () => {
    // The first instance takes the whole request, then dies before it answers.
    const dying = await server((_seen, res) => res.socket?.destroy());
    const live = await server((seen, res) => {
      const { transferId, amount } = JSON.parse(seen.body);
      json(res, 200, { transferId, direction: 'out', status: 'posted', amount, balance: 500, deadline: new Date().toISOString() });
    });
    try {
      const client = new PlatformClient({ baseUrl: [dying.url, live.url], serviceToken: 'x'.repeat(32), retryForMs: 5_000 });
      const answer = await client.cashOut('m1-p2-t7', 'session-1', 250);
      expect(answer).toMatchObject({ transferId: 'm1-p2-t7', balance: 500 });
      expect(dying.seen.map((s) => JSON.parse(s.body))).toEqual([{ transferId: 'm1-p2-t7', sessionId: 'session-1', amount: 250 }]);
      expect(live.seen.map((s) => [s.url, s.body])).toEqual([['/machine-api/transfers/cash-out', dying.seen[0]!.body]]);
    } finally {
      await Promise.all([dying.close(), live.close()]);
    }
  });

  it('a call no instance answers fails with PlatformUnreachable (one round when it is not retried)', async () => {
    const failing = await server((_seen, res) => json(res, 502, {}));
    try {
      const client = new PlatformClient({ baseUrl: [await deadUrl(), failing.url], serviceToken: 'x'.repeat(32), retryForMs: 60_000 });
      await expect(client.sessionBalance('s')).rejects.toBeInstanceOf(PlatformUnreachable);
      expect(failing.seen).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('an answer that stops after its headers (past the timeout, or cut off) is no answer: the call is made again', async () => {
    const body = JSON.stringify(machines);
    let answered = 0;
    const halting = await server((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      answered++;
      // The first answer stalls (the client's timeout runs out), the second is cut off, the third is whole.
      if (answered === 1) res.write(body.slice(0, 10));
      else if (answered === 2) res.write(body.slice(0, 10), () => res.socket?.destroy());
      else res.end(body);
    });
    try {
      const client = new PlatformClient({ baseUrl: halting.url, serviceToken: 'x'.repeat(32), retryForMs: 5_000, timeoutMs: 300 });
      expect((await client.machines()).map((m) => m.id)).toEqual([1]);
      expect(halting.seen).toHaveLength(3);
      // Not retried: the broken answer is PlatformUnreachable, not a schema error on null.
      answered = 0;
      await expect(client.sessionBalance('s')).rejects.toBeInstanceOf(PlatformUnreachable);
    } finally {
      await halting.close();
    }
  });

  it('a refusal (4xx) is an answer: no other instance is asked', async () => {
    const refusing = await server((_seen, res) => json(res, 403, { code: 10001, ErrorMessage: 'Signature not verified.' }));
    const other = await server((_seen, res) => json(res, 200, machines));
    try {
      const client = new PlatformClient({ baseUrl: [refusing.url, other.url], serviceToken: 'x'.repeat(32) });
      await expect(client.seat(1, 'token')).rejects.toMatchObject({ status: 403, code: 10001 });
      expect(other.seen).toHaveLength(0);
    } finally {
      await Promise.all([refusing.close(), other.close()]);
    }
  });
});

describe('settings: PLATFORM_URL with several instances, PUBLIC_URL of a load balancer', () => {
  it('PLATFORM_URL takes a comma-separated list, and every instance is a default page origin', () => {
    const settings = loadAgentSettings(
      {},
      { PLATFORM_URL: 'http://10.0.0.1:8080, http://10.0.0.2:8080/', MACHINE_API_TOKEN: 'x'.repeat(32) },
    );
    expect(settings.platformUrl).toBe('http://10.0.0.1:8080, http://10.0.0.2:8080/');
    expect(agentConfig(settings).allowedOrigins).toEqual(['http://10.0.0.1:8080', 'http://10.0.0.2:8080/']);
  });

  it('PUBLIC_URL (the load balancer) and ALLOWED_ORIGINS are the page origins when set', () => {
    const settings = loadAgentSettings(
      {},
      {
        PLATFORM_URL: 'http://10.0.0.1:8080,http://10.0.0.2:8080',
        PUBLIC_URL: 'https://play.example.com',
        ALLOWED_ORIGINS: 'https://partner.example.com',
        MACHINE_API_TOKEN: 'x'.repeat(32),
      },
    );
    expect(agentConfig(settings).allowedOrigins).toEqual(['https://play.example.com', 'https://partner.example.com']);
  });

  it.each(['http://10.0.0.1:8080, not a url', ','])('PLATFORM_URL=%j is refused', (value) => {
    expect(() => loadAgentSettings({}, { PLATFORM_URL: value })).toThrow(/PLATFORM_URL/);
  });
});

describe('a real agent whose first PLATFORM_URL is down, for a page served by a load balancer', () => {
  let platform: TestPlatform;
  let agent: RunningAgent;
  const loadBalancer = 'https://play.example.com:8443';

  beforeAll(async () => {
    platform = await startTestPlatform();
    const settings = loadAgentSettings(
      {},
      {
        PLATFORM_URL: `${await deadUrl()},${platform.url}`,
        PUBLIC_URL: loadBalancer,
        MACHINE_API_TOKEN: platform.services.machineApiToken,
      },
    );
    const { allowedOrigins, platformUrl } = agentConfig(settings);
    agent = await startTestAgent(platform, { seed: 'failover', machineIds: [2], platformUrl, allowedOrigins });
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await platform?.stop();
  });

  const gameSocket = (origin: string) => {
    const socket = connect(`${agent.url}/machines/2`, { transports: ['websocket'], reconnection: false, extraHeaders: { origin } });
    return new Promise<{ socket: typeof socket; error?: Error }>((resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error) => resolve({ socket, error }));
    });
  };

  it("a page from the load balancer's origin joins and leaves; another origin is refused", async () => {
    const player = await fundedPlayer(platform, 'failover1');
    const refused = await gameSocket('https://elsewhere.example.com');
    expect(refused.error).toBeDefined();
    refused.socket.close();

    const { socket, error } = await gameSocket(loadBalancer);
    expect(error).toBeUndefined();
    expect((await sendAck(socket, 'init', { machineID: 2, token: player.token })).ok).toBe(true);
    expect((await platform.services.machines.byId(2)).status).toBe('playing');
    const transfer = await sendAck(socket, 'transfer', { amount: 1_000, transferId: 'failover-t1' });
    expect(transfer, JSON.stringify(transfer)).toMatchObject({ ok: true });
    expect((await sendAck(socket, 'cashout')).ok).toBe(true);
    expect((await platform.services.machines.byId(2)).status).toBe('idle');
    expect(await platform.services.ledger.balance(player.id)).toBe(100_000);
    socket.close();
  }, 60_000);

  it('a seat request whose instance dies after seating the player is made on the next one: the same seat, resumed', async () => {
    const { dyingUrl, seats, close } = await dyingInstance(platform.url);
    const second = await startTestAgent(platform, { seed: 'failover-seat', machineIds: [3], platformUrl: `${dyingUrl},${platform.url}` });
    try {
      const player = await fundedPlayer(platform, 'failover2');
      const socket = await openGameSocket(second.url, 3);
      const joined = await sendAck(socket, 'init', { machineID: 3, token: player.token });
      expect(joined, JSON.stringify(joined)).toMatchObject({ ok: true, resumed: true });
      // The dying instance seated them (its answer lost); the next one gave the same seat back.
      expect(seats).toEqual(['200']);
      const open = await platform.services.play.openSlotSessionsOf(player.id);
      expect(open.map((session) => session.id)).toEqual([joined.sessionId]);
      expect(second.hosts.get(3)!.seatedPlayerId).toBe(player.id);
      expect((await sendAck(socket, 'cashout')).ok).toBe(true);
      expect(await platform.services.play.openSlotSessionsOf(player.id)).toEqual([]);
      socket.close();
    } finally {
      await second.close();
      await close();
    }
  }, 60_000);

  it('a seat opened by an instance that dies before answering, with no other instance to ask, closes at the end of the reconnect grace: the machine is back in the lobby', async () => {
    const { dyingUrl, seats, close } = await dyingInstance(platform.url);
    const alone = await startTestAgent(platform, {
      seed: 'failover-alone',
      machineIds: [4],
      platformUrl: dyingUrl,
      timing: { reconnectGraceMs: 1_000 },
    });
    try {
      const player = await fundedPlayer(platform, 'failover3');
      const socket = await openGameSocket(alone.url, 4);
      const joined = await sendAck(socket, 'init', { machineID: 4, token: player.token });
      expect(joined).toMatchObject({ ok: false, code: ErrorCode.InternalError });
      expect(seats).toEqual(['200']);
      expect(await platform.services.play.openSlotSessionsOf(player.id)).toHaveLength(1);
      expect(alone.hosts.get(4)!.seatedPlayerId).toBeNull();
      await vi.waitFor(async () => expect(await platform.services.machines.byId(4)).toMatchObject({ status: 'idle', reservation: null }), {
        timeout: 10_000,
      });
      expect(await platform.services.play.openSlotSessionsOf(player.id)).toEqual([]);
      socket.close();
    } finally {
      await alone.close();
      await close();
    }
  }, 60_000);
});

/** An instance (a proxy to the platform) that opens seats, then dies before their answer leaves. */
async function dyingInstance(platformUrl: string) {
  const seats: string[] = [];
  const dying = http.createServer((req, res) => {
    const upstream = http.request(new URL(req.url ?? '/', platformUrl), { method: req.method, headers: req.headers }, (answer) => {
      if (req.method === 'POST' && /\/seat$/.test(req.url ?? '')) {
        answer.resume();
        answer.on('end', () => {
          seats.push(String(answer.statusCode));
          req.socket.destroy();
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
  return {
    dyingUrl: `http://127.0.0.1:${(dying.address() as AddressInfo).port}`,
    seats,
    close: async () => {
      dying.closeAllConnections();
      await new Promise((resolve) => dying.close(resolve));
    },
  };
}

// Two real instances need a shared database: PostgreSQL (DATABASE_URL), with Redis between them.
describe.runIf(process.env.DATABASE_URL && (await redisUp()))('a real agent on two platform instances (PostgreSQL + Redis)', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  let secondClosed: Promise<void> | undefined;
  let agent: RunningAgent;

  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl: testRedisUrl });
    // The second instance shares the first one's database, keys and service token.
    second = await startPlatform(
      loadConfig({ ...first.config, port: 0, seed: false, machineApiToken: first.services.machineApiToken }, {}),
      { logger: false },
    );
    // The agent uses the second instance first.
    agent = await startTestAgent(first, { seed: 'failover-pair', machineIds: [6, 7], platformUrl: `${second.url},${first.url}` });
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await (secondClosed ?? second?.close());
    // Checks that the ledger reconciles.
    await first?.stop();
  });

  const seat = async (machineId: number, token: string) => {
    const socket = connect(`${agent.url}/machines/${machineId}`, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, joined: sendAck(socket, 'init', { machineID: machineId, token }, 30_000) };
  };

  it('the instance in use goes away, a join in flight then: play, joins and cash-outs go on through the other, no money lost', async () => {
    const one = await fundedPlayer(first, 'pair1');
    const two = await fundedPlayer(first, 'pair2');
    const a = await seat(6, one.token);
    expect((await a.joined).ok).toBe(true);
    const cashIn = await sendAck(a.socket, 'transfer', { amount: 2_000, transferId: 'pair-transfer-1' });
    expect(cashIn, JSON.stringify(cashIn)).toMatchObject({ ok: true });

    // A join on its way while the instance the agent uses closes: it is seated through one of them.
    const b = await seat(7, two.token);
    secondClosed = second.close();
    await secondClosed;
    const joined = await b.joined;
    expect(joined, JSON.stringify(joined)).toMatchObject({ ok: true });
    expect((await first.services.machines.byId(7)).status).toBe('playing');

    // Money calls now go through the first instance.
    for (const [socket, event, payload] of [
      [a.socket, 'transfer', { amount: 500, transferId: 'pair-transfer-2' }],
      [a.socket, 'cashout', undefined],
      [b.socket, 'cashout', undefined],
    ] as const) {
      const ack = await sendAck(socket, event, payload);
      expect(ack, `${event} ${JSON.stringify(ack)}`).toMatchObject({ ok: true });
    }
    expect(await first.services.ledger.balance(one.id)).toBe(100_000);
    expect(await first.services.ledger.balance(two.id)).toBe(100_000);
    expect((await first.services.machines.byId(6)).status).toBe('idle');
    expect((await first.services.machines.byId(7)).status).toBe('idle');
    a.socket.close();
    b.socket.close();
  }, 120_000);
});
