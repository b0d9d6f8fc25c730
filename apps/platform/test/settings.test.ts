import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, settingsSchema } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * GET /Settings.json (SPEC §7, §8 "Settings file failure falls back to defaults"): the operator's
 * file merged over the defaults, re-read on change without a restart, defaults on any failure.
 */

let platform: TestPlatform;
let file: string;
const defaults = settingsSchema.parse({});

beforeAll(async () => {
  platform = await startTestPlatform();
  file = path.join(platform.config.dataDir, 'Settings.json');
});
afterAll(() => platform?.stop());

const getSettings = async () => {
  const answer = await platform.call('GET', '/Settings.json');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return answer.body;
};

/** Writes the file as an operator would; `mtime` pins its modification time (same-tick edits). */
function write(content: string, mtime?: Date) {
  fs.writeFileSync(file, content);
  if (mtime) fs.utimesSync(file, mtime, mtime);
}

describe('GET /Settings.json', () => {
  it('the defaults of settingsSchema are what the parse of {} gives (sanity of the fixture)', () => {
    expect(defaults).toEqual(defaultSettings);
    expect(defaults.defaultLanguage).toBe('tr');
    expect(defaults.hotCoins).toEqual([500, 5000, 10000, 50000, 100000]);
  });

  it('first start writes the defaults to {dataDir}/Settings.json for the operator to edit, and serves them', async () => {
    expect(fs.existsSync(file)).toBe(true);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8'));
    // The file holds the platform's own part too (player protection); the portal is served its part.
    expect(onDisk).toEqual({
      ...defaults,
      playerProtection: { timeZone: 'Europe/Istanbul', limitsMandatory: false, realityCheckMinutes: 60 },
    });
    const answer = await platform.call('GET', '/Settings.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.body).toEqual(defaults);
  });

  it('needs no token', async () => {
    const answer = await platform.call('GET', '/Settings.json', { headers: { authorization: 'Bearer nonsense' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(defaults);
  });

  it('with no file answers the defaults', async () => {
    fs.rmSync(file);
    expect(await getSettings()).toEqual(defaults);
  });

  it('an operator edit is served on the next request, without a restart, other fields defaulted', async () => {
    write(JSON.stringify({ defaultLanguage: 'en', hotCoins: [100, 200] }));
    expect(await getSettings()).toEqual({ ...defaults, defaultLanguage: 'en', hotCoins: [100, 200] });
  });

  it('a nested partial object keeps the defaults of its other fields; unknown keys are dropped', async () => {
    write(JSON.stringify({ texts: { no: 'No' }, liveChat: { provider: 'tawk' }, currency: 'EUR', notASetting: 1 }));
    const served = await getSettings();
    expect(served).toEqual({
      ...defaults,
      currency: 'EUR',
      texts: { ...defaults.texts, no: 'No' },
      liveChat: { provider: 'tawk', id: '' },
    });
    expect(served).not.toHaveProperty('notASetting');
  });

  it('a second edit with the same size and the same modification time is still served (no stale cache)', async () => {
    const tick = new Date('2030-01-01T00:00:00.000Z');
    write(JSON.stringify({ defaultLanguage: 'en' }), tick);
    expect((await getSettings()).defaultLanguage).toBe('en');
    // Same length, same mtime: what two quick saves on a coarse-timestamp file system look like.
    write(JSON.stringify({ defaultLanguage: 'ar' }), tick);
    expect((await getSettings()).defaultLanguage).toBe('ar');
  });

  const invalid: [name: string, content: string][] = [
    ['bad JSON', '{ "defaultLanguage": "en", '],
    ['JSON with comments', '{ // operator note\n "defaultLanguage": "en" }'],
    ['an empty file', ''],
    ['null', 'null'],
    ['an array', '[{"defaultLanguage":"en"}]'],
    ['a wrong type (hotCoins a string)', JSON.stringify({ defaultLanguage: 'en', hotCoins: 'many' })],
    ['a wrong type (siteId a string)', JSON.stringify({ siteId: '1' })],
    ['an unknown language', JSON.stringify({ defaultLanguage: 'de' })],
    ['a value out of range (volume 5)', JSON.stringify({ volume: 5 })],
    ['a negative hot coin', JSON.stringify({ hotCoins: [100, -5] })],
    ['a byte-order mark and binary junk', '\ufeff\u0000\u0001\u0002'],
  ];
  it.each(invalid)('a file with %s falls back to the defaults and still answers 200', async (_name, content) => {
    write(JSON.stringify({ currency: 'USD' }));
    expect((await getSettings()).currency).toBe('USD');
    write(content);
    expect(await getSettings()).toEqual(defaults);
  });

  it('after an invalid file, fixing it is served again', async () => {
    write('{ broken');
    expect(await getSettings()).toEqual(defaults);
    write(JSON.stringify({ splash: true }));
    expect(await getSettings()).toEqual({ ...defaults, splash: true });
  });

  it('a folder where the file should be falls back to the defaults', async () => {
    fs.rmSync(file, { force: true });
    fs.mkdirSync(file);
    try {
      expect(await getSettings()).toEqual(defaults);
    } finally {
      fs.rmSync(file, { recursive: true, force: true });
    }
  });
});

describe('SETTINGS_FILE and restarts', () => {
  it('a platform started on an existing, edited file keeps it (never overwritten by the defaults) and serves it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-settings-'));
    const own = path.join(dir, 'my-settings.json');
    const edited = JSON.stringify({ lobbyDisplay: true, lobbyDisplayId: 2 }, null, 2);
    fs.writeFileSync(own, edited);
    const second = await startTestPlatform({ settingsFile: own });
    try {
      expect(fs.readFileSync(own, 'utf8')).toBe(edited);
      expect(fs.existsSync(path.join(second.config.dataDir, 'Settings.json'))).toBe(false);
      const answer = await second.call('GET', '/Settings.json');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...defaults, lobbyDisplay: true, lobbyDisplayId: 2 });
    } finally {
      await second.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
