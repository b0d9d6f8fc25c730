import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/shared/config/settings';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/query-client';
import { prefetchLobby } from './prefetch-lobby';

const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => new URL(requestUrl(input), window.location.href).pathname).sort();

describe("the lobby route's prefetch", () => {
  it('asks for the brands and the machines, or only the machines when showLobby is off', async () => {
    const handlers = { 'GET /machine/brands': () => json([]), 'GET /machine/all': () => json([]) };
    let fetchMock = mockFetch(handlers);
    await prefetchLobby(createTestQueryClient(), defaultSettings);
    expect(paths(fetchMock)).toEqual(['/machine/all', '/machine/brands']);

    fetchMock = mockFetch(handlers);
    await prefetchLobby(createTestQueryClient(), { ...defaultSettings, showLobby: false });
    expect(paths(fetchMock)).toEqual(['/machine/all']);
  });
});
