import { errorAnswer, iceServersAnswer, type IceServersAnswer } from '@reelcast/protocol';
import type { Config } from '../config.ts';
import { playerOf, signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import type { SettingsFile } from '../settings/index.ts';
import type { Clock } from '../shared/index.ts';
import { turnCredential } from './turn-credentials.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/**
 * GET /player/ice-servers: the ICE servers the game video's RTCPeerConnection uses (docs/video.md
 * "TURN"): Settings.json's `iceServers`, then, when TURN_URLS and TURN_SECRET are set, one TURN entry
 * with a credential for this player that works for TURN_TTL_SECONDS.
 */
export interface IceDeps {
  auth: Authenticator;
  settings: Pick<SettingsFile, 'read'>;
  config: Pick<Config, 'turnUrls' | 'turnSecret' | 'turnTtlSeconds'>;
  clock: Clock;
}

export const registerIce: RouteModule<IceDeps> = (app, { auth, settings, config, clock }) =>
  signedInRoutes(app, auth, (scope) => {
    zod(scope).get(
      '/player/ice-servers',
      {
        schema: {
          tags: ['video'],
          security: [{ bearer: [] }],
          summary:
            "ICE servers for the game video: Settings.json's iceServers, plus a TURN entry (TURN_URLS) with a " +
            'time-limited credential (username `{unix expiry}:{player id}`, credential base64 HMAC-SHA1 with TURN_SECRET) ' +
            'when the platform has TURN configured',
          response: { 200: iceServersAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const player = playerOf(request);
        reply.header('cache-control', 'no-store');
        const { iceServers } = await settings.read();
        const answer: IceServersAnswer = { iceServers };
        if (config.turnUrls.length > 0 && config.turnSecret) {
          const { username, credential, expiresAt } = turnCredential(config.turnSecret, player.id, config.turnTtlSeconds, clock());
          answer.iceServers = [...iceServers, { urls: config.turnUrls, username, credential }];
          answer.expiresAt = expiresAt;
        }
        return answer;
      },
    );
  });
