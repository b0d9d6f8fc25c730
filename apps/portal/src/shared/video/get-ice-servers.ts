import { iceServersAnswer, type IceServersAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { getSettings } from '@/shared/config/settings';
import { getAccessToken } from '@/shared/session/token-storage';

/** GET /player/ice-servers: Settings.json's iceServers plus, when the platform has TURN, a TURN entry with a time-limited credential. */
export function getIceServers(): Promise<IceServersAnswer> {
  return request('/player/ice-servers', iceServersAnswer);
}

/**
 * Where the game's video gets its ICE servers: one answer, kept while its TURN credential has more than
 * half its life left and the same player is signed in, asked again after that (a picture opened again
 * an hour later). If the call fails, Settings.json's iceServers (no TURN credential), and the next
 * open asks again.
 */
export function iceServerSource(
  ask: () => Promise<IceServersAnswer> = getIceServers,
  now: () => number = Date.now,
  session: () => string | null = getAccessToken,
): () => Promise<RTCIceServer[]> {
  let current: Promise<RTCIceServer[]> | null = null;
  let renewAt = Infinity;
  let askedFor: string | null = null;
  const load = () => {
    const askedAt = now();
    askedFor = session();
    renewAt = Infinity;
    return ask().then(
      (answer) => {
        renewAt = answer.expiresAt === undefined ? Infinity : askedAt + (answer.expiresAt * 1000 - askedAt) / 2;
        return answer.iceServers;
      },
      () => {
        renewAt = 0;
        return getSettings().iceServers;
      },
    );
  };
  return () => {
    if (!current || now() >= renewAt || session() !== askedFor) current = load();
    return current;
  };
}

/**
 * The game's source, asked first when the game's code is preloaded from the lobby (use-game-connection.ts),
 * so a Play click does not wait for the call.
 */
export const gameIceServers = iceServerSource();
