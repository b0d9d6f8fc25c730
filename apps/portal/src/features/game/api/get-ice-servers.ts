import { iceServersAnswer, type IceServersAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { getSettings } from '@/shared/config/settings';

/** GET /player/ice-servers: Settings.json's iceServers plus, when the platform has TURN, a TURN entry with a time-limited credential. */
export function getIceServers(): Promise<IceServersAnswer> {
  return request('/player/ice-servers', iceServersAnswer);
}

/**
 * Where the game's video gets its ICE servers: asked once when the game opens (in parallel with the
 * machine's data, so the picture does not wait for it), kept while its TURN credential has more than
 * half its life left, asked again after that (a picture opened again an hour later). If the call fails,
 * Settings.json's iceServers (no TURN credential), and the next open asks again.
 */
export function iceServerSource(
  ask: () => Promise<IceServersAnswer> = getIceServers,
  now: () => number = Date.now,
): () => Promise<RTCIceServer[]> {
  let current: Promise<RTCIceServer[]> | null = null;
  let renewAt = Infinity;
  const load = () => {
    const askedAt = now();
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
    if (!current || now() >= renewAt) current = load();
    return current;
  };
}
