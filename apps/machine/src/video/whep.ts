import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CABINET_CAMERA_BAND, findBand, VIDEO_BANDS, type VideoBand } from '@reelcast/protocol';
import { trace } from './latency-trace.ts';
import { SdpError } from './sdp.ts';
import type { IceServer, VideoTransport } from './video-transport.ts';

/**
 * The answer of an authorize hook: true lets the request through, `{ viewer }` too and tags the session
 * with who watches (VideoTransport.closeViewerSessions); false refuses it (401 when the request carried
 * no Authorization header, 403 otherwise); or say which explicitly.
 */
export type WhepAuthDecision = boolean | { viewer: string } | 'unauthenticated' | 'forbidden';

export interface WhepRoutesOptions {
  readonly transport: VideoTransport;
  /** Only the player holding the machine may watch it: check the Bearer token here. */
  readonly authorize: (request: FastifyRequest, machineId: string) => Promise<WhepAuthDecision> | WhepAuthDecision;
  /** 404 for machines this agent does not host; every id is accepted when absent. */
  readonly machineExists?: (machineId: string) => boolean | Promise<boolean>;
  /** STUN/TURN servers, sent to authorized viewers as RFC 9725 Link headers. */
  readonly iceServers?: readonly IceServer[] | (() => readonly IceServer[]);
  readonly bands?: readonly VideoBand[];
  /** Machines with a cabinet camera (`?camera=cabinet`, docs/video.md "Cabinet camera"); none when absent. */
  readonly hasCabinetCamera?: (machineId: string) => boolean;
}

const SDP = 'application/sdp';

interface MachineParams {
  machineId: string;
}
interface SessionParams extends MachineParams {
  sessionId: string;
}

/**
 * WHEP (RFC 9725) for machine video. Register with a prefix:
 * `app.register(whepRoutes(options), { prefix: '/machines' })` serves
 *   POST    /machines/:machineId/whep?band=720p   offer → 201 answer + Location
 *   POST    /machines/:machineId/whep?camera=cabinet   the same for the cabinet camera
 *   DELETE  /machines/:machineId/whep/:sessionId  ends the session
 *   OPTIONS on both; PATCH (trickle ICE) → 405.
 */
export function whepRoutes(options: WhepRoutesOptions): FastifyPluginAsync {
  const bands = options.bands ?? VIDEO_BANDS;
  const iceServers = (): readonly IceServer[] =>
    typeof options.iceServers === 'function' ? options.iceServers() : (options.iceServers ?? []);

  return function whep(app: FastifyInstance): Promise<void> {
    // Any other body type reaches the handler as text, which answers 415 (a JSON parser would answer 400 first).
    app.removeAllContentTypeParsers();
    // Bytes, not text: decoding to a string would hide invalid UTF-8 behind replacement characters.
    app.addContentTypeParser(SDP, { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'WHEP request failed');
      void reply
        .code(status)
        .type('text/plain')
        .send(status === 500 ? 'Video is unavailable.' : error.message);
    });

    /** Runs the authorize hook and answers 401/403 when refused; the viewer tag (maybe none) when the request may go on, else null. */
    async function admitted(request: FastifyRequest, reply: FastifyReply, machineId: string): Promise<{ viewer?: string } | null> {
      const decision = await options.authorize(request, machineId);
      if (decision === true) return {};
      if (typeof decision === 'object') return decision;
      const unauthenticated = decision === 'unauthenticated' || (decision === false && !request.headers.authorization);
      if (unauthenticated) {
        void reply.code(401).header('WWW-Authenticate', 'Bearer').type('text/plain').send('Sign in to watch this machine.');
      } else {
        void reply.code(403).type('text/plain').send('Only the player holding this machine may watch it.');
      }
      return null;
    }

    async function known(reply: FastifyReply, machineId: string): Promise<boolean> {
      if (!options.machineExists || (await options.machineExists(machineId))) return true;
      void reply.code(404).type('text/plain').send('No such machine.');
      return false;
    }

    app.options<{ Params: MachineParams }>('/:machineId/whep', async (request, reply) => {
      reply.header('Allow', 'OPTIONS, POST').header('Accept-Post', SDP);
      // ICE servers may carry TURN credentials: only for viewers who may watch.
      const decision = await options.authorize(request, request.params.machineId);
      if (decision === true || typeof decision === 'object') linkIceServers(reply, iceServers());
      return reply.code(204).send();
    });

    app.post<{ Params: MachineParams; Querystring: { band?: string; fps?: string; camera?: string } }>(
      '/:machineId/whep',
      async (request, reply) => {
        const { machineId } = request.params;
        trace.mark('whep-request', machineId);
        const viewer = await admitted(request, reply, machineId);
        if (!viewer) return reply;
        trace.mark('whep-admitted', machineId);
        if (!(await known(reply, machineId))) return reply;
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== SDP) return reply.code(415).header('Accept-Post', SDP).type('text/plain').send('The offer must be application/sdp.');
        const offer = offerText(request.body);
        if (typeof offer !== 'string') return reply.code(400).type('text/plain').send(offer.refused);
        if (!offer.trim()) return reply.code(400).type('text/plain').send('The body must be an SDP offer.');
        const { camera } = request.query;
        if (camera !== undefined && (camera !== 'cabinet' || request.query.band !== undefined))
          return reply.code(400).type('text/plain').send('camera may only be cabinet, without a band.');
        if (camera && !options.hasCabinetCamera?.(machineId))
          return reply.code(404).type('text/plain').send('This machine has no cabinet camera.');
        const offered = camera ? CABINET_CAMERA_BAND : findBand(request.query.band, bands);
        if (!offered)
          return reply
            .code(400)
            .type('text/plain')
            .send(`Unknown band; one of: ${bands.map((b) => b.id).join(', ')}.`);
        const fps = frameRate(request.query.fps, offered);
        if (fps === null) return reply.code(400).type('text/plain').send('fps must be a whole number of frames a second, 1 or more.');
        const band = fps === offered.fps ? offered : { ...offered, fps };
        let session;
        try {
          session = await options.transport.createSession({
            machineId,
            band,
            offerSdp: offer,
            iceServers: iceServers(),
            viewer: viewer.viewer,
          });
        } catch (error) {
          if (error instanceof SdpError) return reply.code(400).type('text/plain').send(error.message);
          throw error;
        }
        // The viewer's right may have ended while the offer was being answered (a logout, the seat ended).
        if (!(await admitted(request, reply, machineId))) {
          session.close();
          return reply;
        }
        const path = request.url.split('?')[0]!.replace(/\/$/, '');
        linkIceServers(reply, iceServers());
        trace.mark('whep-answer', machineId, { session: session.id });
        return reply
          .code(201)
          .header('Location', `${path}/${session.id}`)
          .header('ETag', `"${session.id}"`)
          .header('Cache-Control', 'no-store')
          .type(SDP)
          .send(session.answerSdp);
      },
    );

    app.delete<{ Params: SessionParams }>('/:machineId/whep/:sessionId', async (request, reply) => {
      const { machineId, sessionId } = request.params;
      if (!(await admitted(request, reply, machineId))) return reply;
      const session = options.transport.getSession(sessionId);
      if (!session || session.machineId !== machineId) return reply.code(404).type('text/plain').send('No such session.');
      session.close();
      return reply.code(200).send();
    });

    app.options('/:machineId/whep/:sessionId', async (_request, reply) => reply.code(204).header('Allow', 'OPTIONS, DELETE, PATCH').send());

    app.patch('/:machineId/whep/:sessionId', async (_request, reply) =>
      reply
        .code(405)
        .header('Allow', 'OPTIONS, DELETE')
        .type('text/plain')
        .send('Trickle ICE is not supported: send the complete offer in the POST.'),
    );
    return Promise.resolve();
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The offer as text, or why it is refused: SDP is UTF-8 text (RFC 8866) without NUL bytes. */
function offerText(body: unknown): string | { refused: string } {
  if (!Buffer.isBuffer(body)) return '';
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { refused: 'The offer is not valid UTF-8.' };
  }
  if (text.includes('\0')) return { refused: 'The offer contains a NUL byte.' };
  return text;
}

/** RFC 9725 §4.6: one `Link: <url>; rel="ice-server"` per STUN/TURN URL, with TURN credentials. */
export function iceServerLinks(servers: readonly IceServer[]): string[] {
  const links: string[] = [];
  for (const server of servers) {
    for (const url of Array.isArray(server.urls) ? server.urls : [server.urls]) {
      let link = `<${url}>; rel="ice-server"`;
      if (server.username !== undefined && server.credential !== undefined) {
        link += `; username="${quote(server.username)}"; credential="${quote(server.credential)}"; credential-type="password"`;
      }
      links.push(link);
    }
  }
  return links;
}

function linkIceServers(reply: FastifyReply, servers: readonly IceServer[]): void {
  const links = iceServerLinks(servers);
  if (links.length) reply.header('Link', links);
}

function quote(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

/**
 * The frame rate a viewer asked for (`?fps=`, the portal's Settings.json `framesPerSecond`): the band's
 * own when none is asked, at most the band's (the renderer draws no faster); null when it is not a
 * whole number of 1 or more.
 */
export function frameRate(asked: string | undefined, band: VideoBand): number | null {
  if (asked === undefined || asked === '') return band.fps;
  if (!/^[0-9]{1,4}$/.test(asked) || Number(asked) < 1) return null;
  return Math.min(Number(asked), band.fps);
}
