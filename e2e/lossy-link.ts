import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A bad link between a browser and a WebRTC server, on real sockets: a UDP relay that passes ICE, DTLS and
 * RTCP both ways and loses a share of the server's RTP packets on their way to the browser. The loss
 * happens on the wire, after the server's sender numbered and kept each packet, so the browser sees the
 * gaps, asks for them (NACK) and the server can repair them (RTX), which may be lost again: what a lossy
 * Wi-Fi does, unlike a packet the server never sends.
 */
export class LossyLink {
  /** RTP packets from the server the link lost. */
  dropped = 0;
  /** RTP packets from the server the link delivered. */
  delivered = 0;
  private browser: RemoteInfo | undefined;

  private constructor(
    /** The socket the browser talks to. */
    private readonly facing: Socket,
    /** The socket that talks to the server. */
    private readonly upstream: Socket,
    target: { address: string; port: number },
    share: number,
  ) {
    facing.on('message', (message, from) => {
      this.browser = from;
      upstream.send(message, target.port, target.address);
    });
    upstream.on('message', (message) => {
      if (!this.browser) return;
      if (isRtp(message)) {
        if (Math.random() < share) {
          this.dropped++;
          return;
        }
        this.delivered++;
      }
      facing.send(message, this.browser.port, this.browser.address);
    });
  }

  /** A link to the server at `target` that loses `share` (0–1) of its RTP; the browser is to send to `port`. */
  static async open(target: { address: string; port: number }, share: number): Promise<LossyLink> {
    const [facing, upstream] = [createSocket('udp4'), createSocket('udp4')];
    await Promise.all([
      new Promise<void>((resolve) => facing.bind(0, '127.0.0.1', resolve)),
      new Promise<void>((resolve) => upstream.bind(0, resolve)),
    ]);
    return new LossyLink(facing, upstream, target, share);
  }

  get port(): number {
    return this.facing.address().port;
  }

  close(): void {
    this.facing.close();
    this.upstream.close();
  }
}

/** SRTP media, not RTCP (RFC 5761: RTCP's packet types 192–223 sit where RTP's marker and payload type are), STUN or DTLS (RFC 7983). */
function isRtp(packet: Buffer): boolean {
  return packet.length >= 12 && packet[0]! >= 128 && packet[0]! <= 191 && !(packet[1]! >= 192 && packet[1]! <= 223);
}

/**
 * Puts a LossyLink between the server's WHEP answers and the browsers whose requests `isLossy` picks: their
 * offer reaches the server without its candidates, and their answer names only the link's port, so ICE,
 * DTLS and the media can take no other way (the server learns the link's address from its checks, as a
 * peer-reflexive candidate). Returns the links opened so far.
 */
export function lossyLinksFor(app: FastifyInstance, isLossy: (request: FastifyRequest) => boolean, share: number): LossyLink[] {
  const links: LossyLink[] = [];
  const picked = (request: FastifyRequest) => request.method === 'POST' && request.url.includes('/whep') && isLossy(request);
  app.addHook('preHandler', async (request) => {
    if (picked(request) && Buffer.isBuffer(request.body)) request.body = Buffer.from(withoutCandidates(request.body.toString()));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!picked(request) || reply.statusCode !== 201 || typeof payload !== 'string') return payload;
    const target = firstHostCandidate(payload);
    const link = await LossyLink.open(target, share);
    links.push(link);
    return `${withoutCandidates(payload)}a=candidate:1 1 udp 2130706431 127.0.0.1 ${link.port} typ host\r\n`;
  });
  app.addHook('onClose', async () => {
    for (const link of links) link.close();
  });
  return links;
}

function withoutCandidates(sdp: string): string {
  return sdp.replaceAll(/^a=(candidate:|end-of-candidates).*\r?\n/gm, '');
}

function firstHostCandidate(sdp: string): { address: string; port: number } {
  const match = /^a=candidate:\S+ 1 udp \d+ (\d+\.\d+\.\d+\.\d+) (\d+) typ host/im.exec(sdp);
  if (!match) throw new Error(`The answer has no IPv4 host candidate:\n${sdp}`);
  return { address: match[1]!, port: Number(match[2]) };
}
