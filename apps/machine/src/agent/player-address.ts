import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** What the address is read from: a game socket's handshake (socket.io keeps the connection's address and headers). */
export interface HandshakeLike {
  address: string;
  headers: IncomingHttpHeaders;
}

/**
 * The player's address as the platform's IP check wants it (docs/ip-check.md): the connection's own
 * address, or, when it comes through a trusted proxy (TRUST_PROXY), the last address of
 * `X-Forwarded-For` that is not a trusted proxy itself: the same rule Fastify applies on the platform.
 *
 * @example
 * const addressOf = playerAddress(['loopback']);
 * addressOf(socket.handshake) // '203.0.113.7' for a proxy on 127.0.0.1 forwarding that client
 */
export function playerAddress(trustProxy: readonly string[]): (handshake: HandshakeLike) => string {
  const trusted = proxyAddr.compile([...trustProxy]);
  return (handshake) =>
    proxyAddr({ socket: { remoteAddress: handshake.address }, headers: handshake.headers } as unknown as IncomingMessage, trusted);
}
