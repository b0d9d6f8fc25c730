import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ErrorCode, joinAck } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { fundedPlayer, openGameSocket, sendAck, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/**
 * The agent loses the platform between applying a cash-in on the meter and posting it, then
 * restarts: the credit must end up applied exactly once, or (if the platform voided it meanwhile)
 * not at all. A proxy between agent and platform drops the post calls: a real fault on real sockets.
 */
let platform: TestPlatform;
let proxy: http.Server;
let proxyUrl: string;
/** 'drop': the post never reaches the platform; 'lose-answer': it does, but its answer is lost. */
let postFault: 'none' | 'drop' | 'lose-answer' = 'none';
let agent: RunningAgent;
let n = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  proxy = http.createServer((req, res) => {
    const isPost = /\/transfers\/[^/]+\/post$/.test(req.url ?? '');
    if (isPost && postFault === 'drop') {
      req.socket.destroy();
      return;
    }
    const target = new URL(req.url ?? '/', platform.url);
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      if (isPost && postFault === 'lose-answer') {
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  agent = await startAgent();
});
afterAll(async () => {
  await agent?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await platform?.stop();
});

function startAgent(): Promise<RunningAgent> {
  return startTestAgent(platform, {
    platformUrl: proxyUrl,
    seed: 'crash',
    machineIds: [1, 2],
    platformRetryMs: 300,
  });
}

const send = (socket: Socket, event: string, payload?: unknown) => sendAck(socket, event, payload, 15_000);

async function seatedPlayer(machineId: number) {
  const { id, token } = await fundedPlayer(platform, `crash${++n}`);
  const socket = await open(machineId);
  expect((await send(socket, 'init', { machineID: machineId, token })).ok).toBe(true);
  return { id, token, socket };
}

const open = (machineId: number) => openGameSocket(agent.url, machineId);

const wallet = (id: number) => platform.services.ledger.balance(id);

const transferStatus = async (id: string) => {
  const rows: any = await platform.services.database.db.execute(`select status from machine_transfers where id = '${id}'` as never);
  return (rows.rows ?? rows)[0]?.status as string | undefined;
};

describe('a cash-in interrupted between the meter and the ledger', () => {
  it('a post that never arrives: the credit leaves the meter at once, and the money returns to the wallet', async () => {
    const { id, token, socket } = await seatedPlayer(1);
    postFault = 'drop';
    const failed = await send(socket, 'transfer', { amount: 3000, transferId: 'interrupted-cash-in' });
    expect(failed).toMatchObject({ ok: false, code: ErrorCode.InternalError });
    // Not playable while the platform might still void it.
    expect(agent.hosts.get(1)!.state().credit).toBe(0);
    expect(await wallet(id)).toBe(97_000);

    socket.close();
    await agent.close();
    postFault = 'none';
    agent = await startAgent();
    expect(await transferStatus(`m1-p${id}-interrupted-cash-in`)).toBe('voided');
    expect(agent.hosts.get(1)!.state().credit).toBe(0);
    expect(await wallet(id)).toBe(100_000);

    const back = await open(1);
    expect(joinAck.parse(await send(back, 'init', { machineID: 1, token })).state.credit).toBe(0);
    const retry = await send(back, 'transfer', { amount: 3000, transferId: 'interrupted-cash-in' });
    expect(retry).toMatchObject({ ok: false, code: ErrorCode.TransferResolved });
    expect(await send(back, 'transfer', { amount: 3000, transferId: 'a-fresh-cash-in' })).toMatchObject({
      ok: true,
      credit: 3000,
      balance: 97_000,
    });
    await send(back, 'cashout', {});
    expect(await wallet(id)).toBe(100_000);
    back.close();
  });

  it('a post whose answer is lost: the platform posted it, so the credit comes back on the meter, once', async () => {
    const { id, token, socket } = await seatedPlayer(2);
    postFault = 'lose-answer';
    expect((await send(socket, 'transfer', { amount: 4500, transferId: 'answer-lost-cash-in' })).ok).toBe(false);
    expect(agent.hosts.get(2)!.state().credit).toBe(0);
    expect(await transferStatus(`m2-p${id}-answer-lost-cash-in`)).toBe('posted');
    postFault = 'none';
    // The player retries the same transfer: the machine learns it was posted and puts the credit back.
    const retry = await send(socket, 'transfer', { amount: 4500, transferId: 'answer-lost-cash-in' });
    expect(retry).toMatchObject({ ok: true, credit: 4500, balance: 95_500 });
    expect(await send(socket, 'transfer', { amount: 4500, transferId: 'answer-lost-cash-in' })).toMatchObject({ ok: true, credit: 4500 });
    expect(agent.hosts.get(2)!.state().credit).toBe(4500);
    await send(socket, 'cashout', {});
    expect(await wallet(id)).toBe(100_000);
    socket.close();
    void token;
  });

  it('a post whose answer is lost, for a player who left meanwhile: the money goes back to their wallet, not to the meter', async () => {
    const { id, socket } = await seatedPlayer(2);
    postFault = 'lose-answer';
    expect((await send(socket, 'transfer', { amount: 2500, transferId: 'answer-lost-then-left' })).ok).toBe(false);
    postFault = 'none';
    expect(await send(socket, 'cashout', {})).toMatchObject({ ok: true, amount: 0 });
    socket.close();
    // The machine's recovery loop (every 5 s) learns the post landed and returns the money.
    await expect.poll(() => wallet(id), { timeout: 15_000, interval: 500 }).toBe(100_000);
    expect(agent.hosts.get(2)!.state().credit).toBe(0);
  });

  it('a reservation the platform voided while the agent was away never reaches the meter', async () => {
    const { id, socket } = await seatedPlayer(1);
    postFault = 'drop';
    await send(socket, 'transfer', { amount: 4500, transferId: 'voided-while-away' });
    expect(agent.hosts.get(1)!.state().credit).toBe(0);
    socket.close();
    await agent.close();
    platform.clock.advanceMinutes(1);
    expect(await platform.services.play.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await wallet(id)).toBe(100_000);
    postFault = 'none';
    agent = await startAgent();
    expect(agent.hosts.get(1)!.state().credit).toBe(0);
    expect(await wallet(id)).toBe(100_000);
    await agent.hosts.get(1)!.cashout(null, 'left');
    const report = await platform.services.ledger.verify();
    expect(report.differences).toEqual([]);
  });
});
