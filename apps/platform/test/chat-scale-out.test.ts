import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { chatContactList, chatMessagePush, chatStatusPush, ErrorCode, NotificationEvent, sendMessageAnswer } from '@reelcast/protocol';
import { loadConfig } from '../src/config.ts';
import { startPlatform, type RunningPlatform } from '../src/platform.ts';
import { presenceConnections } from '../src/db/schema.ts';
import { nextEvent, redisUp, startTestPlatform, testRedisUrl as redisUrl, type TestPlatform } from '@reelcast/testing';

/**
 * The team chat's limits and pushes with more than one platform instance (docs/chat.md): the per-user
 * send limit is counted in Redis for all instances together, and a message or a presence change on
 * one instance reaches sockets on another through the bus.
 */

const burst = <T>(n: number, request: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => request(i)));

/** How many answers came with each status and code, e.g. { '429 42900': 20 }. */
function tally(answers: { status: number; body: { code?: number } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = status === 200 ? '200' : `${status} ${body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The demo player `demo` opens their chat with the demo `staff` on `platform`: what a send needs. */
async function chatOfDemo(platform: TestPlatform) {
  const token = await platform.login('demo', 'demo1234');
  const staffId = (await platform.services.players.findByLogin('staff'))!.id;
  const demoId = (await platform.services.players.findByLogin('demo'))!.id;
  const opened = await platform.call('GET', `/api/chat/get-chat?contactId=${staffId}&userId=${demoId}`, { token });
  expect(opened.status).toBe(200);
  const chatId = opened.body.chat.id as number;
  const send = (text: string, otherToken = token) =>
    platform.call('POST', '/api/chat/send-message', { token: otherToken, body: { chatId, contactId: staffId, messageText: text } });
  return { token, send };
}

describe('the send limit (RATE_LIMIT_CHAT_PER_MINUTE)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ rateLimitChatPerMinute: 30 });
  });
  afterAll(() => platform?.stop());

  it('50 messages at once from one account: exactly 30 are sent, 20 answer 429 / 42900; another account keeps its own', async () => {
    const { send } = await chatOfDemo(platform);
    const answers = await burst(50, (i) => send(`message ${i}`));
    expect(tally(answers)).toEqual({ '200': 30, [`429 ${ErrorCode.TooManyRequests}`]: 20 });
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.ErrorMessage).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
    const staffToken = await platform.login('staff', 'staff1234');
    const demoId = (await platform.services.players.findByLogin('demo'))!.id;
    const chat = await platform.call(
      'GET',
      `/api/chat/get-chat?contactId=${demoId}&userId=${(await platform.services.players.findByLogin('staff'))!.id}`,
      {
        token: staffToken,
      },
    );
    expect(chat.body.chat.dialog).toHaveLength(30);
    const reply = await platform.call('POST', '/api/chat/send-message', {
      token: staffToken,
      body: { chatId: chat.body.chat.id, contactId: demoId, messageText: 'one at a time, please' },
    });
    expect(reply.status).toBe(200);
  });
});

describe.runIf(await redisUp())('the send limit on two instances sharing Redis', () => {
  let first: TestPlatform;
  let second: TestPlatform;
  beforeAll(async () => {
    // A prefix of this run's own: counters of an earlier run are not ours. One start after the other:
    // an embedded database's first start keeps the event loop busy for seconds.
    const shared = { redisUrl, redisPrefix: `test-${randomBytes(4).toString('hex')}`, rateLimitChatPerMinute: 30 };
    first = await startTestPlatform(shared);
    second = await startTestPlatform(shared);
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('25 messages at each instance at once from one account: 30 in all are sent, the rest answer 429 on both', async () => {
    // Each instance here has a database of its own with the same demo accounts (same ids): the limit
    // lives in Redis alone, keyed by the account.
    const [a, b] = [await chatOfDemo(first), await chatOfDemo(second)];
    const answers = await burst(50, (i) => (i % 2 ? b : a).send(`message ${i}`));
    expect(tally(answers)).toEqual({ '200': 30, [`429 ${ErrorCode.TooManyRequests}`]: 20 });
    expect(answers.filter((x, i) => i % 2 === 0 && x.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((x, i) => i % 2 === 1 && x.status === 429).length).toBeGreaterThan(0);
  });
});

const databaseUrl = process.env.DATABASE_URL;
describe.runIf(databaseUrl && (await redisUp()))('two platform instances on one PostgreSQL with Redis', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  const sockets: Socket[] = [];
  /** A notification socket on the second instance. */
  const socketOnSecond = async (token: string) => {
    const socket = connectSocket(second.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const settled = async () => {
    await Promise.all([first.services.chat.presence.settled(), second.services.chat.presence.settled()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
  };

  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl, redisPrefix: `test-${randomBytes(4).toString('hex')}` });
    second = await startPlatform(
      loadConfig({ ...first.config, port: 0, seed: false, machineApiToken: first.services.machineApiToken }, {}),
      { logger: false },
    );
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await second?.close();
    await first?.stop();
  });

  it("a message sent through one instance reaches the recipient's and the sender's sockets on the other", async () => {
    const demo = await chatOfDemo(first);
    const staffToken = await first.login('staff', 'staff1234');
    const [staffOnSecond, demoOtherTabOnSecond] = [await socketOnSecond(staffToken), await socketOnSecond(demo.token)];
    const staffId = (await first.services.players.findByLogin('staff'))!.id;
    const demoId = (await first.services.players.findByLogin('demo'))!.id;
    const received = Promise.all([staffOnSecond, demoOtherTabOnSecond].map((s) => nextEvent(s, NotificationEvent.ChatMessage)));
    const answer = await demo.send('through the first instance');
    expect(answer.status).toBe(200);
    const { message } = sendMessageAnswer.parse(answer.body);
    const [toStaff, toDemo] = (await received).map((p) => chatMessagePush.parse(p));
    expect(toStaff).toMatchObject({ contactId: demoId, message });
    expect(toDemo).toMatchObject({ contactId: staffId, message });
  });

  it('presence is shared: a socket on one instance makes the user online for contacts asking the other, and its close is heard there', async () => {
    const demoToken = await first.login('demo', 'demo1234');
    const demoSocket = await first.socket(demoToken);
    const adminToken = await first.login('admin', 'admin1234');
    const adminId = (await first.services.players.findByLogin('admin'))!.id;
    const statusOfAdmin = async () =>
      chatContactList.parse((await first.call('GET', '/api/chat/contacts', { token: demoToken })).body).find((c) => c.id === adminId)!
        .status;
    expect(await statusOfAdmin()).toBe('offline');

    const online = nextEvent(demoSocket, NotificationEvent.ChatStatus, 5000, (p: { contactId: number }) => p.contactId === adminId);
    const adminSocket = await socketOnSecond(adminToken);
    expect(chatStatusPush.parse(await online)).toEqual({ contactId: adminId, status: 'online' });
    await settled();
    expect(await statusOfAdmin()).toBe('online');
    const rows = await first.services.database.db.select().from(presenceConnections);
    expect(rows.find((r) => r.playerId === adminId)?.instanceId).toBe(second.services.chat.presence.instanceId);

    const offline = nextEvent(demoSocket, NotificationEvent.ChatStatus, 5000, (p: { contactId: number }) => p.contactId === adminId);
    adminSocket.close();
    expect(chatStatusPush.parse(await offline)).toEqual({ contactId: adminId, status: 'offline' });
    expect(await statusOfAdmin()).toBe('offline');
  });
});
