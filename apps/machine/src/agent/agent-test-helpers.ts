// Helpers for the agent's tests (not a test file): a test agent for a test platform, and game-socket clients.
import { io as connect, type Socket } from 'socket.io-client';
import type { TestPlatform } from '@reelcast/testing';
import type { Scheduler } from '../cabinet/sas/scheduler.ts';
import { startMachineAgent, type AgentConfig, type RunningAgent } from './agent.ts';
import { hostScheduler } from './host-timers.ts';

/**
 * Test helper: a clock for a running agent (`AgentConfig.scheduler`): the wall clock and real timers, and
 * `forward(ms)` moves what the agent reads as now, as Playwright's `page.clock` moves a page's, and runs at
 * once every timer that has come due by the move (each once, in the order they are due, as timers that
 * were late after a suspend; the ones they set are left to run on their own). A test waits out a reconnect
 * grace or a reality check's interval that way instead of in real time.
 */
export function movableClock(): Scheduler & { forward(ms: number): void } {
  let offset = 0;
  const now = () => Date.now() + offset;
  const pending = new Set<{ due: number; run: () => void }>();
  return {
    now,
    after(ms, callback) {
      const timer = {
        due: now() + ms,
        run: () => {
          pending.delete(timer);
          cancelReal();
          callback();
        },
      };
      const cancelReal = hostScheduler.after(ms, timer.run);
      pending.add(timer);
      return () => {
        pending.delete(timer);
        cancelReal();
      };
    },
    forward(ms) {
      offset += ms;
      const due = [...pending].filter((timer) => timer.due <= now()).sort((a, b) => a.due - b.due);
      for (const timer of due) if (pending.has(timer)) timer.run();
    },
  };
}

/** Test helper: an acknowledgement of the game socket as the tests read it (docs/game-socket.md). */
export type AckAny = { ok: boolean; code?: number; ErrorMessage?: string; [key: string]: any };

/** A game socket to one machine of an agent, connected over WebSocket, without reconnection; `handshake` adds auth or query. */
export async function openGameSocket(
  agentUrl: string,
  machineId: number,
  handshake: { auth?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<Socket> {
  const socket = connect(`${agentUrl}/machines/${machineId}`, { transports: ['websocket'], reconnection: false, ...handshake });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Sends one message and waits for its acknowledgement; no answer in time reads as `{ ok: false, code: -1 }`. */
export const sendAck = (socket: Socket, event: string, payload?: unknown, timeoutMs = 10_000) =>
  new Promise<AckAny>((resolve) =>
    socket.timeout(timeoutMs).emit(event, payload, (error: Error | null, ack: AckAny) => resolve(error ? { ok: false, code: -1 } : ack)),
  );

/**
 * Test helper: a machine agent for a test platform, on a free port, in the platform's data folder, with
 * no browser origin allowed unless `options` says so (and whatever else they change).
 */
export function startTestAgent(platform: TestPlatform, options: Partial<AgentConfig> & { seed: string }): Promise<RunningAgent> {
  return startMachineAgent({
    platformUrl: platform.url,
    serviceToken: platform.services.machineApiToken,
    port: 0,
    host: '127.0.0.1',
    dataDir: platform.config.dataDir,
    allowedOrigins: [],
    ...options,
  });
}

/** Test helper: a new player named `username` with `deposit` in the wallet, signed in. */
export async function fundedPlayer(platform: TestPlatform, username: string, deposit = 100_000) {
  const row = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  await platform.services.ledger.deposit({ playerId: row.id, idempotencyKey: `dep-${username}`, amount: deposit });
  return { id: row.id, username, token: await platform.login(username, 'secret') };
}
