import { vi } from 'vitest';
import { sampleProfile } from './profile';
import { protectionStatus } from './protection';

export type MockHandler = (request: { url: URL; init: RequestInit; body: unknown }) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * What the shell asks for in the background on every page of a signed-in account, beside the page's own requests:
 * the team chat's contacts (none) and the player's protection status (no limits set). A test about them answers
 * them itself. Unanswered, such a query failed after its retries (about 3 s) and its network-error toast took the
 * message bar, which holds one toast: in a slow run, over the toast a test was waiting for.
 */
const shellAnswers: Record<string, MockHandler> = {
  'GET /api/chat/contacts': () => json([]),
  'GET /player/protection': () => json(protectionStatus()),
};

/** The requests of the running test that no handler answered (setup.ts fails the test with them). */
const unanswered: string[] = [];

/** The requests no handler answered since the last call, emptied. */
export const takeUnanswered = (): string[] => unanswered.splice(0);

/**
 * Stubs the global fetch with handlers keyed by "METHOD /path" (and the shell's background requests,
 * `shellAnswers`). An unknown request fails at once, as a request without an answer (a network error), instead
 * of hanging, and fails the test once it has ended (setup.ts): a page that asks for something the test did not
 * foresee shows its network error, which in a slow run took the message bar from the toast a test awaited. A
 * test about a network error gives a handler that throws one. Returns the mock to inspect the calls.
 */
export function mockFetch(given: Record<string, MockHandler>) {
  const handlers = { ...shellAnswers, ...given };
  unanswered.splice(0);
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), window.location.href);
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) {
      unanswered.push(key);
      throw new Error(`Unexpected request ${key}`);
    }
    const body = requestBody(init);
    return handler({ url, init, body });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The URL a fetch call asked for, as text. */
export const requestUrl = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The JSON body a fetch call sent (undefined when it sent none). */
export const requestBody = (init: RequestInit | undefined): unknown => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);

export const authHeader = (init: RequestInit): string | undefined => (init.headers as Record<string, string> | undefined)?.Authorization;

/**
 * What the shell of a signed-in staff account or admin asks for on any page beside `shellAnswers`: the profile and
 * the toolbar's balance.
 */
export const staffShellAnswers: Record<string, MockHandler> = {
  'GET /player/profile': () => json(sampleProfile()),
  'GET /player/balance': () => json({ balance: 0 }),
};
