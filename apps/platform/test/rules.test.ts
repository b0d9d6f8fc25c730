import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode, rulesAnswer } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/** GET /api/rules: the operator's Markdown file in the data folder, read on every request. */

let platform: TestPlatform;
let file: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  file = path.join(platform.config.dataDir, 'rules.md');
});
afterAll(() => platform?.stop());

it('writes the default rules on first request for the operator to edit', async () => {
  expect(fs.existsSync(file)).toBe(false);
  const { status, body, headers } = await platform.call('GET', '/api/rules');
  expect(status).toBe(200);
  expect(headers.get('cache-control')).toBe('no-cache');
  const rules = rulesAnswer.parse(body);
  expect(rules).toMatchObject({ format: 'markdown', language: null });
  expect(rules.content).toMatch(/^# Rules/);
  expect(fs.readFileSync(file, 'utf8')).toBe(rules.content);
});

it('ships the rules in Turkish and Arabic too, each served in its language (English for any other)', async () => {
  const tr = rulesAnswer.parse((await platform.call('GET', '/api/rules?lang=tr')).body);
  expect(tr).toMatchObject({ language: 'tr' });
  expect(tr.content).toMatch(/^# Kurallar\n/);
  expect(fs.readFileSync(path.join(platform.config.dataDir, 'rules.tr.md'), 'utf8')).toBe(tr.content);
  const ar = rulesAnswer.parse((await platform.call('GET', '/api/rules?lang=ar')).body);
  expect(ar).toMatchObject({ language: 'ar' });
  expect(ar.content).toMatch(/^# القواعد\n/);
  expect((await platform.call('GET', '/api/rules?lang=en')).body.content).toMatch(/^# Rules\n/);
});

it('serves an edit without a restart', async () => {
  fs.writeFileSync(file, '# House rules\n\nBe kind.\n');
  const future = new Date(Date.now() + 60_000);
  fs.utimesSync(file, future, future);
  const { body } = await platform.call('GET', '/api/rules');
  expect(body.content).toBe('# House rules\n\nBe kind.\n');
  expect(Math.abs(Date.parse(body.updatedAt) - future.getTime())).toBeLessThan(2_000);
});

it('serves rules.{lang}.md for that language when the operator wrote one, else rules.md', async () => {
  fs.writeFileSync(path.join(platform.config.dataDir, 'rules.tr.md'), '# Kurallar\n');
  fs.rmSync(path.join(platform.config.dataDir, 'rules.ar.md'));
  expect((await platform.call('GET', '/api/rules?lang=tr')).body).toMatchObject({ content: '# Kurallar\n', language: 'tr' });
  expect((await platform.call('GET', '/api/rules?lang=ar')).body).toMatchObject({ content: '# House rules\n\nBe kind.\n', language: null });
});

it('needs no token', async () => {
  expect((await platform.call('GET', '/api/rules', { token: 'not-a-token' })).status).toBe(200);
});

it.each([
  ['unknown language', '?lang=de'],
  ['path in the language', '?lang=../../etc/passwd'],
  ['unknown parameter', '?file=Settings.json'],
])('answers 400 / 40000 for %s', async (_name, query) => {
  const { status, body } = await platform.call('GET', `/api/rules${query}`);
  expect(status).toBe(400);
  expect(body.code).toBe(ErrorCode.InvalidRequest);
});

it('answers JSON 404 for GET /rules asked as JSON (the portal page lives there)', async () => {
  const { status } = await platform.call('GET', '/rules', { headers: { accept: 'application/json' } });
  expect(status).toBe(404);
});

it('GET /api/information serves the Information dialog the same way, from information.md', async () => {
  const info = path.join(platform.config.dataDir, 'information.md');
  expect(fs.existsSync(info)).toBe(false);
  const first = rulesAnswer.parse((await platform.call('GET', '/api/information')).body);
  expect(first.content).toMatch(/^# Information/);
  expect(fs.readFileSync(info, 'utf8')).toBe(first.content);
  expect((await platform.call('GET', '/api/information?lang=tr')).body.content).toMatch(/^# Bilgi\n/);
  fs.writeFileSync(path.join(platform.config.dataDir, 'information.ar.md'), '# معلومات\n');
  expect((await platform.call('GET', '/api/information?lang=ar')).body).toMatchObject({ content: '# معلومات\n', language: 'ar' });
  expect((await platform.call('GET', '/api/information?lang=../rules')).status).toBe(400);
});
