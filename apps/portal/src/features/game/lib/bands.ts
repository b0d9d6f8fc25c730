/** A video quality the WHEP endpoint offers (`?band=`); the machine agent's bands (apps/machine video/bands.ts). */
export type VideoBand = { id: string; label: string; Order: number };

export const VIDEO_BANDS: readonly VideoBand[] = [
  { id: '360p', label: '640x360', Order: 1 },
  { id: '480p', label: '854x480', Order: 2 },
  { id: '720p', label: '1280x720', Order: 3 },
];

/** SPEC §3 bandSelects: highest Order first. */
export const sortBands = (bands: readonly VideoBand[]): VideoBand[] => [...bands].sort((a, b) => b.Order - a.Order);
