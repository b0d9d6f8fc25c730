import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import {
  ErrorCode,
  NOTES_PER_PLAYER_MAX,
  NotificationEvent,
  operatorEventPush,
  QUICK_PANEL_DETAIL_MAX_LENGTH,
  QUICK_PANEL_TITLE_MAX_LENGTH,
  quickPanelData,
  quickPanelItem,
} from '@reelcast/protocol';
import { loadConfig } from '../src/config.ts';
import { startPlatform, type RunningPlatform } from '../src/platform.ts';
import {
  cliEnv,
  freshPostgres,
  nextEvent,
  runCli,
  testDataDir,
  redisUp,
  startTestPlatform,
  testKeysDir,
  testRedisUrl,
  type TestPlatform,
} from '@reelcast/testing';

/**
 * The quick panel against a real platform (docs/quick-panel.md): GET /api/quick-panel/data, the notes
 * calls, their limits and ownership, events and their expiry, the operatorEvent push, and the
 * `reelcast event` commands run as an operator runs them.
 */

let platform: TestPlatform;
let n = 0;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

/** A new account, signed in: its token (and its id, from newAccount). */
async function newAccount(): Promise<{ id: number; token: string }> {
  const username = `qp${++n}`;
  const { id } = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
  return { id, token: await platform.login(username, 'secret') };
}
const newPlayer = async () => (await newAccount()).token;

const data = async (token: string) => {
  const { status, body } = await platform.call('GET', '/api/quick-panel/data', { token });
  expect(status).toBe(200);
  return quickPanelData.parse(body);
};
const addNote = (token: string, body: unknown) => platform.call('POST', '/api/quick-panel/notes', { token, body });
const putNote = (token: string, id: unknown, body: unknown) =>
  platform.call('PUT', `/api/quick-panel/notes/${String(id)}`, { token, body });
const deleteNote = (token: string, id: unknown) => platform.call('DELETE', `/api/quick-panel/notes/${String(id)}`, { token });

describe('GET /api/quick-panel/data', () => {
  it('needs a signed-in account', async () => {
    const { status, body } = await platform.call('GET', '/api/quick-panel/data');
    expect(status).toBe(401);
    expect(body.code).toBe(ErrorCode.SignatureNotVerified);
  });

  it("answers the events showing now, newest first, and the caller's notes; an expired event is gone", async () => {
    const token = await newPlayer();
    const before = await data(token);
    expect(before.notes).toEqual([]);
    const lasting = await platform.services.quickPanel.addEvent({ title: 'Tournament on Friday', detail: 'Brand A machines, 20:00' });
    platform.clock.advanceMinutes(1);
    const until = new Date(platform.clock.now().getTime() + 30 * 60_000);
    const short = await platform.services.quickPanel.addEvent({ title: '  Happy hour  ', until });
    expect(short.title).toBe('Happy hour');

    const answer = await data(token);
    const ids = answer.events.map((e) => e.id);
    expect(ids.indexOf(short.id)).toBeLessThan(ids.indexOf(lasting.id));
    expect(answer.events).toEqual(
      expect.arrayContaining([
        { id: lasting.id, title: 'Tournament on Friday', detail: 'Brand A machines, 20:00' },
        { id: short.id, title: 'Happy hour', detail: '' },
      ]),
    );
    // Exactly the SPEC §3 fields, nothing of the table besides.
    for (const item of answer.events) expect(Object.keys(item).sort()).toEqual(['detail', 'id', 'title']);

    platform.clock.advanceMinutes(31);
    const later = (await data(token)).events.map((e) => e.id);
    expect(later).toContain(lasting.id);
    expect(later).not.toContain(short.id);

    await platform.services.quickPanel.removeEvent(lasting.id);
    expect((await data(token)).events.map((e) => e.id)).not.toContain(lasting.id);
  });

  it('an event refuses what a note refuses: an empty title, a long one, an end in the past', async () => {
    const events = platform.services.quickPanel;
    await expect(events.addEvent({ title: '   ' })).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      message: 'The title is required.',
    });
    await expect(events.addEvent({ title: 'x'.repeat(QUICK_PANEL_TITLE_MAX_LENGTH + 1) })).rejects.toMatchObject({
      message: `The title is longer than ${QUICK_PANEL_TITLE_MAX_LENGTH} characters.`,
    });
    await expect(events.addEvent({ title: 'ok', detail: 'y'.repeat(QUICK_PANEL_DETAIL_MAX_LENGTH + 1) })).rejects.toMatchObject({
      message: `The detail is longer than ${QUICK_PANEL_DETAIL_MAX_LENGTH} characters.`,
    });
    await expect(events.addEvent({ title: 'ok', until: new Date(platform.clock.now().getTime() - 1000) })).rejects.toMatchObject({
      message: 'The end time is in the past: the event would never show.',
    });
  });

  it('a published event is pushed to every signed-in socket as operatorEvent', async () => {
    const [first, second] = await Promise.all([newPlayer(), newPlayer()]);
    const sockets = await Promise.all([platform.socket(first), platform.socket(second)]);
    const pushes = sockets.map((socket) => nextEvent(socket, NotificationEvent.OperatorEvent));
    const added = await platform.services.quickPanel.addEvent({ title: 'Live now', detail: 'Pushed' });
    for (const push of await Promise.all(pushes)) {
      expect(operatorEventPush.parse(push)).toEqual({ id: added.id, title: 'Live now', detail: 'Pushed' });
    }
  });
});

describe('notes', () => {
  it('add, edit and delete a note; each answer is the note as stored (trimmed)', async () => {
    const token = await newPlayer();
    const created = await addNote(token, { title: '  Call support  ', detail: ' about the bonus\nand the cap ' });
    expect(created.status).toBe(201);
    const note = quickPanelItem.parse(created.body);
    expect(note).toEqual({ id: note.id, title: 'Call support', detail: 'about the bonus\nand the cap' });
    const second = quickPanelItem.parse((await addNote(token, { title: 'No detail' })).body);
    expect(second.detail).toBe('');
    expect((await data(token)).notes).toEqual([second, note]);

    const edited = await putNote(token, note.id, { title: 'Called support', detail: 'done' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id: note.id, title: 'Called support', detail: 'done' });
    expect((await data(token)).notes).toEqual([second, { id: note.id, title: 'Called support', detail: 'done' }]);

    const deleted = await deleteNote(token, note.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: true, code: ErrorCode.Success });
    expect((await data(token)).notes).toEqual([second]);
    expect((await deleteNote(token, note.id)).status).toBe(404);
    expect((await putNote(token, note.id, { title: 'again' })).status).toBe(404);
  });

  it("another account's note answers 404 as a missing one does, and stays as it was", async () => {
    const [owner, other] = await Promise.all([newPlayer(), newPlayer()]);
    const note = quickPanelItem.parse((await addNote(owner, { title: 'Mine', detail: 'private' })).body);
    const missing = await putNote(other, 2_000_000_000, { title: 'x' });
    const put = await putNote(other, note.id, { title: 'Stolen' });
    const del = await deleteNote(other, note.id);
    for (const answer of [put, del]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(missing.body);
    }
    expect(missing.body).toEqual({ code: ErrorCode.NotFound, ErrorMessage: 'Note not found.' });
    expect((await data(other)).notes).toEqual([]);
    expect((await data(owner)).notes).toEqual([{ id: note.id, title: 'Mine', detail: 'private' }]);
  });

  it('needs a signed-in account for every call', async () => {
    const answers = await Promise.all([
      platform.call('POST', '/api/quick-panel/notes', { body: { title: 'x' } }),
      platform.call('PUT', '/api/quick-panel/notes/1', { body: { title: 'x' } }),
      platform.call('DELETE', '/api/quick-panel/notes/1'),
    ]);
    for (const answer of answers) expect(answer.status).toBe(401);
  });

  it('bad input answers 400 / 40000 with a message, never 500, and stores nothing', async () => {
    const token = await newPlayer();
    const title = QUICK_PANEL_TITLE_MAX_LENGTH;
    const detail = QUICK_PANEL_DETAIL_MAX_LENGTH;
    const bodies: unknown[] = [
      {},
      { title: '' },
      { title: '   \n ' },
      { title: 'x'.repeat(title + 1) },
      { title: 'ok', detail: 'y'.repeat(detail + 1) },
      { title: 'bell\u0007' },
      { title: 'two\nlines' },
      { title: 'ok', detail: 'nul\u0000' },
      { title: 'ok', colour: 'red' },
      { title: 42 },
      { title: 'ok', detail: null },
      ['title'],
      null,
    ];
    const answers = await Promise.all(bodies.map((body) => addNote(token, body)));
    answers.push(
      await platform.call('POST', '/api/quick-panel/notes', { token, raw: '{"title":', headers: { 'content-type': 'application/json' } }),
    );
    const { body: note } = await addNote(token, { title: 'kept' });
    answers.push(
      ...(await Promise.all([
        putNote(token, note.id, { title: '' }),
        putNote(token, note.id, { title: 'ok', id: 5 }),
        ...['abc', '0', '-1', '1.5', '99999999999', '1e3'].flatMap((id) => [putNote(token, id, { title: 'x' }), deleteNote(token, id)]),
      ])),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, `case ${i}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.code, `case ${i}`).toBe(ErrorCode.InvalidRequest);
      expect(answer.body.ErrorMessage).toEqual(expect.any(String));
    }
    expect(answers[1]!.body.ErrorMessage).toBe('title must have at least 1 character.');
    expect(answers[3]!.body.ErrorMessage).toBe(`title must have at most ${title} characters.`);
    expect(answers[8]!.body.ErrorMessage).toBe('Unknown field: colour.');
    expect((await data(token)).notes).toEqual([{ id: note.id, title: 'kept', detail: '' }]);

    // At the limits exactly: accepted.
    const longest = await addNote(token, { title: 'x'.repeat(title), detail: 'y'.repeat(detail) });
    expect(longest.status).toBe(201);
  });

  it(`keeps at most ${NOTES_PER_PLAYER_MAX} notes per account, also under 50 concurrent creates`, async () => {
    const { id, token } = await newAccount();
    for (let i = 0; i < NOTES_PER_PLAYER_MAX - 30; i++) await platform.services.quickPanel.addNote(id, { title: `note ${i}`, detail: '' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => addNote(token, { title: `race ${i}` })));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: ErrorCode.InvalidRequest,
        ErrorMessage: `You can keep at most ${NOTES_PER_PLAYER_MAX} notes: delete one first.`,
        Params: { max: NOTES_PER_PLAYER_MAX },
      });
    }
    expect((await data(token)).notes).toHaveLength(NOTES_PER_PLAYER_MAX);
    // Another account is not held back by this one's cap.
    expect((await addNote(await newPlayer(), { title: 'free' })).status).toBe(201);
    // One deleted, one more fits.
    const { notes } = await data(token);
    await deleteNote(token, notes[0]!.id);
    expect((await addNote(token, { title: 'fits again' })).status).toBe(201);
    expect((await addNote(token, { title: 'full again' })).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await platform.call('GET', '/docs/json');
    const paths = body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/quick-panel/data']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/quick-panel/notes']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/quick-panel/notes/{id}']!).sort()).toEqual(['delete', 'put']);
  });
});

// Two instances need a shared database: PostgreSQL (DATABASE_URL), with Redis between them.
describe.runIf(process.env.DATABASE_URL && (await redisUp()))('two platform instances on PostgreSQL + Redis', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  beforeAll(async () => {
    first = await startTestPlatform({ redisUrl: testRedisUrl });
    second = await startPlatform(
      loadConfig({ ...first.config, port: 0, seed: false, machineApiToken: first.services.machineApiToken }, {}),
      { logger: false },
    );
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('the note cap holds for 50 creates split over both instances; an event added on one is pushed by the other', async () => {
    const token = await first.login('demo2', 'demo1234');
    const post = (url: string, i: number) =>
      fetch(`${url}/api/quick-panel/notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `split ${i}` }),
      });
    const { id } = await first.services.players.require('demo2');
    for (let i = 0; i < NOTES_PER_PLAYER_MAX - 25; i++) await first.services.quickPanel.addNote(id, { title: `note ${i}`, detail: '' });
    const statuses = (await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? second.url : first.url, i)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.filter((s) => s === 400)).toHaveLength(25);

    const socket = connectSocket(second.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const push = nextEvent(socket, NotificationEvent.OperatorEvent);
    const added = await first.services.quickPanel.addEvent({ title: 'From the first instance' });
    expect(operatorEventPush.parse(await push)).toEqual({ id: added.id, title: 'From the first instance', detail: '' });
    socket.close();
  });
});

describe('reelcast event (the CLI, run as an operator runs it)', () => {
  let dataDir: string;
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    dataDir = testDataDir('reelcast-events-');
    fresh = await freshPostgres();
  });
  afterAll(async () => {
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runCli(args, cliEnv(dataDir, fresh?.url));

  it('--help on event and each of its commands', async () => {
    const [top, event, add, list, remove] = await Promise.all([
      cli('--help'),
      cli('event', '--help'),
      cli('event', 'add', '--help'),
      cli('event', 'list', '--help'),
      cli('event', 'remove', '--help'),
    ]);
    expect(top.stdout).toMatch(/^\s+event\b/m);
    for (const command of ['add', 'list', 'remove']) expect(event.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    expect(add.stdout).toContain('--title <title>');
    expect(add.stdout).toContain('--detail <detail>');
    expect(add.stdout).toContain('--until <date>');
    expect(list.stdout).toContain('Usage: reelcast event list');
    expect(remove.stdout).toContain('Usage: reelcast event remove [options] <id>');
    for (const run of [top, event, add, list, remove]) expect(run.code).toBe(0);
  });

  it('refuses a missing or empty title, a bad or past --until and a bad id, with a message and no stack trace', async () => {
    const runs = await Promise.all([
      cli('event', 'add'),
      // Refused by the service: one at a time (the embedded database is one process's).
      cli('event', 'add', '--title', '   ').then(
        async (run) => [run, await cli('event', 'add', '--title', 'x', '--until', '2001-01-01')] as const,
      ),
      cli('event', 'add', '--title', 'x', '--until', 'tomorrow'),
      cli('event', 'add', '--title', 'x', '--until', '2025-02-30'),
      cli('event', 'remove', 'abc'),
    ]).then(([a, [b, e], c, d, f]) => [a, b, c, d, e, f] as const);
    for (const run of runs) {
      expect(run.code).not.toBe(0);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(runs[0].stderr).toContain("required option '--title <title>' not specified");
    expect(runs[1].stderr).toContain(`The title is required. (code ${ErrorCode.InvalidRequest})`);
    expect(runs[2].stderr).toContain("option '--until <date>' argument 'tomorrow' is invalid");
    expect(runs[3].stderr).toContain("argument '2025-02-30' is invalid");
    expect(runs[4].stderr).toContain('The end time is in the past: the event would never show.');
    expect(runs[5].stderr).toContain('<id> is an event id');
  });

  // Six openings of the database one after another (five commands and a platform): 0.8 s each on an
  // idle machine, more than 5 s each in a CI run beside the PostgreSQL, deploy and crash tests.
  it('event add, list and remove; what it adds shows in GET /api/quick-panel/data', { timeout: 90_000 }, async () => {
    const added = await cli('event', 'add', '--title', 'Weekend tournament', '--detail', 'Saturday 20:00', '--until', '2099-01-01');
    expect(added.code, added.stderr).toBe(0);
    const id = Number(/^Published event (\d+): Weekend tournament \(until 2099-01-01T00:00:00.000Z\)\.$/m.exec(added.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    const gone = await cli('event', 'add', '--title', 'Removed soon');
    const goneId = Number(/^Published event (\d+)/.exec(gone.stdout)?.[1]);

    const list = await cli('event', 'list');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^\\s+${id}\\s+\\S+\\s+until 2099-01-01T00:00:00.000Z\\s+showing\\s+Weekend tournament$`, 'm'));
    expect(list.stdout).toMatch(new RegExp(`^\\s+${goneId}\\s+\\S+\\s+until no end\\s+showing\\s+Removed soon$`, 'm'));

    const removed = await cli('event', 'remove', String(goneId));
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`Removed event ${goneId}.`);
    const again = await cli('event', 'remove', String(goneId));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`No event ${goneId}. (code ${ErrorCode.NotFound})`);

    const config = loadConfig(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        logLevel: 'silent',
        seed: false,
        ...(fresh ? { databaseUrl: fresh.url, keysDir: testKeysDir() } : {}),
      },
      {},
    );
    const running = await startPlatform(config, { logger: false });
    try {
      await running.services.players.create({ username: 'reader', email: 'reader@x.test', password: 'secret' });
      const login = await fetch(`${running.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'reader', password: 'secret', site_id: 1 }),
      });
      const { token } = (await login.json()) as { token: string };
      const answer = await fetch(`${running.url}/api/quick-panel/data`, { headers: { authorization: `Bearer ${token}` } });
      expect(quickPanelData.parse(await answer.json()).events).toEqual([{ id, title: 'Weekend tournament', detail: 'Saturday 20:00' }]);
    } finally {
      await running.close();
    }
  });
});
