import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { fundedPlayer, openGameSocket, sendAck, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/**
 * The agent reports its machines' play counters to the platform, which feeds the brand jackpots
 * (docs/jackpots.md): after spins, retried while the platform does not answer, flushed before a seat
 * ends, and again after a restart. A proxy between agent and platform drops or delays those reports:
 * a real fault on real sockets.
 */
let platform: TestPlatform;
let proxy: http.Server;
let proxyUrl: string;
/** 'drop': reports never reach the platform; 'delay': they reach it 800 ms late. */
let countersFault: 'none' | 'drop' | 'delay' = 'none';
let agent: RunningAgent;
let n = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  proxy = http.createServer((req, res) => {
    const isCounters = /\/play-counters$/.test(req.url ?? '');
    if (isCounters && countersFault === 'drop') {
      req.socket.destroy();
      return;
    }
    const forward = () => {
      const upstream = http.request(new URL(req.url ?? '/', platform.url), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (isCounters && countersFault === 'delay') setTimeout(forward, 800);
    else forward();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  agent = await startAgent();
});
afterAll(async () => {
  countersFault = 'none';
  await agent?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await platform?.stop();
});

const startAgent = () => startTestAgent(platform, { platformUrl: proxyUrl, seed: 'jackpots', machineIds: [1, 5, 9], platformRetryMs: 300 });

const send = (socket: Socket, event: string, payload?: unknown) => sendAck(socket, event, payload, 15_000);

const query = async (text: string) => {
  const rows: any = await platform.services.database.db.execute(text);
  return (rows.rows ?? rows) as any[];
};

/** What the platform holds of a machine's counters. */
const platformCounters = async (machineId: number) => {
  const [row] = await query(`select spins, total_bet::int as "totalBet" from machine_play_counters where machine_id = ${machineId}`);
  return row ? { spins: Number(row.spins), totalBet: Number(row.totalBet) } : null;
};
const engineCounters = (machineId: number) => {
  const { spins, totalBet } = agent.hosts.get(machineId)!.state();
  return { spins, totalBet };
};

/** Every meter of the machine's brand hits at the next seated report with a bet (seed = ceiling = value + 1, the whole bet its share). */
async function primeBrandOf(machineId: number) {
  const { brandId } = await platform.services.machines.byId(machineId);
  for (const meter of await platform.services.jackpots.meters.list())
    if (meter.brandId === brandId)
      await platform.services.jackpots.meters.configure(meter.id, {
        seed: meter.value + 1,
        ceiling: meter.value + 1,
        contributionBasisPoints: 10_000,
      });
}

async function seatedPlayer(machineId: number) {
  const player = await fundedPlayer(platform, `jackpot${++n}`);
  const socket = await openGameSocket(agent.url, machineId);
  const joined = await send(socket, 'init', { machineID: machineId, token: player.token });
  expect(joined.ok).toBe(true);
  const cashIn = await send(socket, 'transfer', { amount: 5_000, transferId: `jackpot-cash-in-${n}` });
  expect(cashIn.ok, JSON.stringify(cashIn)).toBe(true);
  return { ...player, socket, sessionId: joined.sessionId as string };
}

const spin = async (socket: Socket) => expect((await send(socket, 'press', { button: 'SPIN' })).ok).toBe(true);

describe('play counters from the agent', () => {
  it("follow the engine's after spins, and a meter they make hit pays the seated player in that seat's name", async () => {
    const { id, socket, sessionId } = await seatedPlayer(1);
    await primeBrandOf(1);
    const wallet = await platform.services.ledger.balance(id);
    await spin(socket);
    await expect.poll(() => platformCounters(1), { timeout: 5_000 }).toEqual(engineCounters(1));
    const hits = await query(
      `select amount::int as amount, session_id::text as "sessionId", player_id as "playerId" from jackpot_hits where machine_id = 1`,
    );
    expect(hits).toHaveLength(3);
    expect(hits.every((h) => h.sessionId === sessionId && h.playerId === id)).toBe(true);
    const won = hits.reduce((sum, h) => sum + Number(h.amount), 0);
    expect(await platform.services.ledger.balance(id)).toBe(wallet + won);
    await send(socket, 'cashout', {});
    socket.close();
  });

  it("reach the platform before the seat's session closes, even when they travel slowly", async () => {
    const { socket, sessionId } = await seatedPlayer(5);
    await primeBrandOf(5);
    countersFault = 'delay';
    await spin(socket);
    // Straight to the cash-out: the session closes only after the delayed report has landed.
    expect((await send(socket, 'cashout', {})).ok).toBe(true);
    countersFault = 'none';
    const hits = await query(`select session_id::text as "sessionId" from jackpot_hits where machine_id = 5`);
    expect(hits.map((h) => h.sessionId)).toEqual([sessionId, sessionId, sessionId]);
    const [session] = await query(`select ended_at from slot_sessions where id = '${sessionId}'`);
    expect(session.ended_at).not.toBeNull();
    expect(await platformCounters(5)).toEqual(engineCounters(5));
    socket.close();
  });

  it('are sent again while the platform does not get them, and after an agent restart', async () => {
    const { socket, token } = await seatedPlayer(9);
    await spin(socket);
    await expect.poll(() => platformCounters(9), { timeout: 5_000 }).toEqual(engineCounters(9));
    countersFault = 'drop';
    await spin(socket);
    await spin(socket);
    const unreported = engineCounters(9);
    expect(await platformCounters(9)).not.toEqual(unreported);
    countersFault = 'none';
    await expect.poll(() => platformCounters(9), { timeout: 10_000 }).toEqual(unreported);

    // Reports lost up to the agent's stop: the engine's saved counters go with the next start.
    countersFault = 'drop';
    await spin(socket);
    const beforeStop = engineCounters(9);
    socket.close();
    await agent.close();
    expect(await platformCounters(9)).not.toEqual(beforeStop);
    countersFault = 'none';
    agent = await startAgent();
    expect(engineCounters(9)).toEqual(beforeStop);
    await expect.poll(() => platformCounters(9), { timeout: 5_000 }).toEqual(beforeStop);
    const back = await openGameSocket(agent.url, 9);
    expect((await send(back, 'init', { machineID: 9, token })).ok).toBe(true);
    await send(back, 'cashout', {});
    back.close();
  }, 60_000);
});
