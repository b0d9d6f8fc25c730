/**
 * Browser origins allowed on the platform's API and sockets and on a machine agent's game socket and
 * video (docs/security.md "Origins"): the configured public origins only, compared whole — scheme, host
 * and port — and never against the request's own Host header (a DNS-rebinding page sends a Host that
 * matches its Origin). One rule for every program, so the platform and the agents agree.
 *
 * @example
 * const allowed = allowedOrigins({ publicUrls: ['https://play.example.com'], extra: process.env.ALLOWED_ORIGINS?.split(',') })
 * originAllowed(request.headers.origin, allowed) // false for 'http://play.example.com' and 'https://evil.example'
 */
export interface AllowedOrigins {
  /** Every origin is allowed ('*' was configured). */
  any: boolean;
  origins: ReadonlySet<string>;
}

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/** `scheme://host[:port]` of a URL (default ports dropped, host lower-cased), or null if it is not one. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/**
 * The allowed set: each public URL's origin (a loopback one also under its other loopback names, since
 * `localhost`, `127.0.0.1` and `[::1]` are the same machine and no other site can serve from them), plus
 * the extra origins as given. '*' among the extra allows every origin.
 */
export function allowedOrigins(options: { publicUrls: readonly (string | undefined)[]; extra?: readonly string[] }): AllowedOrigins {
  const origins = new Set<string>();
  for (const url of options.publicUrls) {
    const origin = url ? originOf(url) : null;
    if (!origin) continue;
    origins.add(origin);
    const parsed = new URL(origin);
    if (loopbackHosts.includes(parsed.hostname)) {
      for (const host of loopbackHosts) origins.add(`${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`);
    }
  }
  const extra = options.extra ?? [];
  for (const entry of extra) {
    const origin = originOf(entry.trim());
    if (origin) origins.add(origin);
  }
  return { any: extra.some((entry) => entry.trim() === '*'), origins };
}

/**
 * A request without an Origin header is not a browser's cross-site request and is allowed. Browsers send
 * the serialized form (`https://host:port`, lower case, no default port), so that is compared as it is.
 */
export function originAllowed(origin: string | undefined, allowed: AllowedOrigins): boolean {
  if (origin === undefined) return true;
  return allowed.any || allowed.origins.has(origin);
}
