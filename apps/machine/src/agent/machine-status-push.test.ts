import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { machinePush, type MachinePush } from '@reelcast/protocol';
import { startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';
import { nextEvent, startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * One `machine` push per status change, carrying the state after it (docs/machine-status.md): a join
 * and a leave through a real machine agent each reach a lobby socket once. Two writers report each of
 * these changes (the platform at the seat and at the session's close, the agent for its machine), so
 * the test waits until the agent's own report has been answered before it counts.
 */
let platform: TestPlatform;
let agent: RunningAgent;
let proxy: http.Server;
/** The status reports the agent made, answered by the platform (`PUT …/status` bodies). */
const reported: { status: string }[] = [];
const MACHINE = 4;

beforeAll(async () => {
  platform = await startTestPlatform();
  // Between the agent and the platform: passes everything, notes each status report once answered.
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const upstream = http.request(new URL(req.url ?? '/', platform.url), { method: req.method, headers: req.headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          if (req.method === 'PUT' && req.url === `/machine-api/machines/${MACHINE}/status`) reported.push(JSON.parse(body.toString()));
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(parts));
        });
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  agent = await startTestAgent(platform, {
    platformUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seed: 'status-push',
    machineIds: [MACHINE],
  });
});
afterAll(async () => {
  await agent?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await platform?.stop();
});

const ack = (socket: Socket, event: string, payload?: unknown) =>
  new Promise<{ ok: boolean }>((resolve) =>
    socket.timeout(15_000).emit(event, payload, (error: Error | null, answer: { ok: boolean }) => resolve(error ? { ok: false } : answer)),
  );

/**
 * Waits until the agent's report of `status` has been answered, then until a marker push (another
 * machine, changed after it) reaches the lobby socket: any push the report made has arrived by then.
 */
let markers = 0;
async function settled(lobby: Socket, status: string) {
  await expect.poll(() => reported.some((r) => r.status === status), { timeout: 10_000 }).toBe(true);
  const marker = ++markers % 2 ? 'offline' : 'error';
  const arrived = nextEvent<MachinePush>(lobby, 'machine', 10_000, (push) => push.id === 12 && push.status === marker);
  const put = await platform.call('PUT', '/machine-api/machines/12/status', {
    token: platform.services.machineApiToken,
    body: { status: marker },
  });
  expect(put.status).toBe(200);
  await arrived;
}

it("a join and a leave each send one `machine` push, the leave's with no reservation", async () => {
  const lobby = await platform.socket(await platform.login('demo2', 'demo1234'));
  const pushes: MachinePush[] = [];
  lobby.on('machine', (push: unknown) => {
    const parsed = machinePush.parse(push);
    if (parsed.id === MACHINE) pushes.push(parsed);
  });
  const token = await platform.login();
  const game = connectSocket(`${agent.url}/machines/${MACHINE}`, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    game.once('connect', () => resolve());
    game.once('connect_error', reject);
  });

  expect((await ack(game, 'init', { machineID: MACHINE, token })).ok).toBe(true);
  await settled(lobby, 'playing');
  const playerId = agent.hosts.get(MACHINE)!.seatedPlayerId;
  expect(pushes).toEqual([{ id: MACHINE, status: 'playing', reservation: { playerId, until: null } }]);

  expect((await ack(game, 'cashout')).ok).toBe(true);
  await settled(lobby, 'idle');
  expect(pushes).toHaveLength(2);
  expect(pushes.at(-1)).toEqual({ id: MACHINE, status: 'idle', reservation: null });
  const machine = await platform.services.machines.byId(MACHINE);
  expect({ status: machine.status, reservation: machine.reservation }).toEqual({ status: 'idle', reservation: null });
  game.close();
}, 60_000);
