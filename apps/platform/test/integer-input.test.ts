import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { newPlayer, openSlotSession, type PromoPlayer } from './promotions-helpers.ts';

/**
 * Ids and amounts are integers, never coerced (docs/api.md "Integers"): in a JSON body only a JSON
 * integer; in a path or a query only canonical decimal digits. Anything else is 400 / 40000 before the
 * route runs. Through `app.inject`: no socket is the point here.
 */

let platform: TestPlatform;
let player: PromoPlayer;
/** The player's live seat, with credit on the machine. */
const SEAT = 8;

beforeAll(async () => {
  platform = await startTestPlatform();
  player = await newPlayer(platform, 5_000);
  await openSlotSession(platform, player, SEAT, 5_000);
});
afterAll(() => platform?.stop());

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, options: { body?: unknown; token?: string } = {}) {
  const answer = await platform.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${options.token ?? player.token}` },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: answer.statusCode, body: answer.json() };
}

function expectInvalid(answer: { status: number; body: { code: number; Params?: { field?: string } } }, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.code).toBe(ErrorCode.InvalidRequest);
  expect(answer.body.Params?.field).toBe(field);
}

describe('POST /player/kick and /player/cancel: machineId is a JSON integer', () => {
  const notIntegers: [name: string, machineId: unknown][] = [
    ['the text "8"', '8'],
    ['a list [" 8"]', [' 8']],
    ['true (would be machine 1)', true],
    ['"0x8"', '0x8'],
    ['" 8"', ' 8'],
    ['"1e1"', '1e1'],
    ['8.5', 8.5],
    ['null', null],
    ['an object', { id: 8 }],
    ['0', 0],
    ['2147483648', 2_147_483_648],
  ];

  it.each(notIntegers)('cancel with %s → 400 / 40000, and the seat keeps its credit', async (_name, machineId) => {
    expectInvalid(await inject('POST', '/player/cancel', { body: { machineId } }), 'body.machineId');
    const session = await platform.services.play.openSlotSessionOf(SEAT);
    expect(session?.playerId).toBe(player.id);
  });

  it.each(notIntegers)('kick with %s → 400 / 40000', async (_name, machineId) => {
    expectInvalid(await inject('POST', '/player/kick', { body: { machineId } }), 'body.machineId');
  });

  it('names what is wrong in words', async () => {
    const answer = await inject('POST', '/player/cancel', { body: { machineId: '8' } });
    expect(answer.body.ErrorMessage).toBe('machineId must be a number.');
  });

  it('control: the integer 8 reaches the route (no agent answers for machine 8 here: 502 / 70000)', async () => {
    const answer = await inject('POST', '/player/cancel', { body: { machineId: SEAT } });
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe(ErrorCode.PipelineFailed);
  });
});

/** Path and query texts that a lenient number parser would read as a number. */
const notCanonical = ['0x8', '08', '+8', '%208', '8%20', '1e1', '8.0', '-8', '0'];

describe('path parameters: canonical decimal digits only', () => {
  it.each(notCanonical)('GET /machine/%s → 400 / 40000', async (id) => {
    expectInvalid(await inject('GET', `/machine/${id}`), 'params.id');
  });

  it.each(notCanonical)('PUT /machine-api/machines/%s/status → 400 / 40000', async (id) => {
    const answer = await inject('PUT', `/machine-api/machines/${id}/status`, {
      token: platform.services.machineApiToken,
      body: { status: 'idle' },
    });
    expectInvalid(answer, 'params.id');
  });

  it('control: /machine/1 answers its brand', async () => {
    const answer = await inject('GET', '/machine/1');
    expect(answer.status).toBe(200);
    expect(answer.body.brand.id).toBe(1);
  });
});

describe('query parameters: canonical decimal digits only', () => {
  it.each(notCanonical)('GET /player/transactions?page=%s → 400 / 40000', async (page) => {
    expectInvalid(await inject('GET', `/player/transactions?page=${page}`), 'querystring.page');
  });

  it.each(['020', '0x14', '2e1', '%2020'])('GET /player/sessions?perPage=%s → 400 / 40000', async (perPage) => {
    expectInvalid(await inject('GET', `/player/sessions?perPage=${perPage}`), 'querystring.perPage');
  });

  it.each(['0x1', '01', '1.0', '+1'])('GET /player/transactions?action=%s → 400 / 40000', async (action) => {
    expectInvalid(await inject('GET', `/player/transactions?action=${action}`), 'querystring.action');
  });

  it('a repeated parameter is not one number → 400 / 40000', async () => {
    expectInvalid(await inject('GET', '/player/transactions?page=1&page=2'), 'querystring.page');
  });

  it.each(notCanonical)('GET /api/chat/get-chat?contactId=%s → 400 / 40000', async (contactId) => {
    expectInvalid(await inject('GET', `/api/chat/get-chat?contactId=${contactId}&userId=${player.id}`), 'querystring.contactId');
  });

  it('control: canonical numbers are read', async () => {
    const answer = await inject('GET', '/player/transactions?page=1&perPage=10&action=1');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 1, perPage: 10 });
  });
});
