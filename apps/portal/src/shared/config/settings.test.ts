import { describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@/shared/api/api-client';
import { defaultSettings, getSettings, loadSettings } from './settings';

describe('Settings.json', () => {
  it('merges the file over the defaults and sets the API base', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ apiBaseUrl: 'https://api.example.com/', splash: true })));
    const settings = await loadSettings(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('/Settings.json', expect.anything());
    expect(settings.splash).toBe(true);
    expect(settings.defaultLanguage).toBe('tr');
    expect(getSettings()).toBe(settings);
    expect(apiUrl('/player/balance')).toBe('https://api.example.com/player/balance');
  });

  it('falls back to the defaults when the file is missing or invalid', async () => {
    expect(await loadSettings(vi.fn(async () => new Response('nope', { status: 404 })))).toEqual(defaultSettings);
    expect(await loadSettings(vi.fn(async () => new Response('{ not json')))).toEqual(defaultSettings);
    expect(await loadSettings(vi.fn(async () => new Response(JSON.stringify({ siteId: 'abc' }))))).toEqual(defaultSettings);
    expect(
      await loadSettings(
        vi.fn(async () => {
          throw new TypeError('offline');
        }),
      ),
    ).toEqual(defaultSettings);
  });
});
