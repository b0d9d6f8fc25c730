import { ipCheckAnswer } from '@reelcast/protocol';

/** What the IP check (SPEC §4) decided: the app, the blocked screen, or the network-error alert. */
export type IpCheckOutcome = { kind: 'allowed' } | { kind: 'blocked'; ip: string; country: string } | { kind: 'failed' };

/** How long the check may go unanswered before the network-error alert. */
export const IP_CHECK_TIMEOUT_MS = 15_000;

/**
 * SPEC §7 `GET {api base}../check`: beside the API base, not under it. The base is `apiBaseUrl` with a
 * trailing slash (a relative one resolved against the page), or the page's origin when it is empty.
 *
 * @example ipCheckUrl('https://api.example.com/v1/api', page) → https://api.example.com/v1/check
 */
export function ipCheckUrl(apiBaseUrl: string, pageUrl: string): URL {
  const base = new URL(apiBaseUrl ? apiBaseUrl.replace(/\/*$/, '/') : '/', pageUrl);
  return new URL('../check', base);
}

const failed: IpCheckOutcome = { kind: 'failed' };

/**
 * Asks the platform. Allowed: `status` 1. Blocked: `status` 0 and `code` 0. Anything else (another
 * HTTP status than 200, no answer within IP_CHECK_TIMEOUT_MS, an answer of another shape, status 0
 * with another code) is the network-error alert, never the app.
 */
export async function checkIp(
  apiBaseUrl: string,
  { fetchImpl = fetch, pageUrl = window.location.href, timeoutMs = IP_CHECK_TIMEOUT_MS } = {},
): Promise<IpCheckOutcome> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetchImpl(ipCheckUrl(apiBaseUrl, pageUrl), {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: abort.signal,
    });
    if (response.status !== 200) return failed;
    const answer = ipCheckAnswer.safeParse(await response.json());
    if (!answer.success) return failed;
    const { status, code, ip, country } = answer.data;
    if (status === 1) return { kind: 'allowed' };
    return code === 0 ? { kind: 'blocked', ip, country } : failed;
  } catch {
    return failed;
  } finally {
    clearTimeout(timer);
  }
}
