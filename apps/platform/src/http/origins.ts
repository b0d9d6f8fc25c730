import type { IncomingMessage } from 'node:http';

/**
 * A browser origin is allowed when it is the page's own host or on the allow-list; requests
 * without an Origin header (servers, CLIs) are not browser requests and are allowed.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowList: string[]): boolean {
  if (!origin) return true;
  if (allowList.includes('*') || allowList.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export const requestOrigin = (req: IncomingMessage) => ({
  origin: req.headers.origin,
  host: req.headers.host,
});
