/** The video quality bands of a machine's WHEP endpoint (`?band=`): the agent encodes them, the portal offers them. */
/** A quality band a viewer may pick: frame size and the bitrate the sender is allowed. */
export interface VideoBand {
  /** What the client passes as `?band=` on the WHEP POST. */
  readonly id: VideoBandId;
  readonly label: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  /** Ceiling of the encoder, bits per second. */
  readonly maxBitrate: number;
  /** Where the encoder starts before bandwidth estimation ramps up, bits per second. */
  readonly startBitrate: number;
  /** Floor of the encoder target (x-google-min-bitrate), bits per second. */
  readonly minBitrate: number;
  /** The game screen lists bands sorted by Order, highest first. */
  readonly Order: number;
}

export type VideoBandId = '720p' | '480p' | '360p' | 'cabinet';

export const VIDEO_BANDS: readonly VideoBand[] = [
  {
    id: '720p',
    label: '1280x720',
    width: 1280,
    height: 720,
    fps: 30,
    maxBitrate: 2_500_000,
    startBitrate: 1_500_000,
    minBitrate: 500_000,
    Order: 3,
  },
  {
    id: '480p',
    label: '854x480',
    width: 854,
    height: 480,
    fps: 30,
    maxBitrate: 1_200_000,
    startBitrate: 800_000,
    minBitrate: 300_000,
    Order: 2,
  },
  {
    id: '360p',
    label: '640x360',
    width: 640,
    height: 360,
    fps: 30,
    maxBitrate: 800_000,
    startBitrate: 500_000,
    minBitrate: 200_000,
    Order: 1,
  },
];

export const DEFAULT_BAND_ID: VideoBandId = '720p';

/**
 * A cabinet's second, wider camera (docs/video.md "Cabinet camera"): the whole cabinet seen from the
 * floor, small and slow, so it costs little. Asked with WHEP `?camera=cabinet`; never among the bands
 * a player picks for the main picture.
 */
export const CABINET_CAMERA_BAND: VideoBand = {
  id: 'cabinet',
  label: '320x240',
  width: 320,
  height: 240,
  fps: 5,
  maxBitrate: 150_000,
  startBitrate: 100_000,
  minBitrate: 30_000,
  Order: 0,
};

export function findBand(id: string | undefined | null, bands: readonly VideoBand[] = VIDEO_BANDS): VideoBand | undefined {
  if (id === undefined || id === null || id === '') return bands.find((b) => b.id === DEFAULT_BAND_ID) ?? bands[0];
  return bands.find((b) => b.id === id);
}

/** What the game screen shows as `bandSelects` (SPEC §3): highest Order first. */
export function bandSelects<Band extends Pick<VideoBand, 'Order'>>(bands: readonly Band[]): Band[] {
  return [...bands].sort((a, b) => b.Order - a.Order);
}
