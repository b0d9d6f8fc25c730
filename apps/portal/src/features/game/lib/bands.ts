import type { VideoBand } from '@reelcast/protocol';

/** A video quality the game screen offers (`bandSelects`): the machine agent's bands (packages/protocol video-bands.ts). */
export type BandChoice = Pick<VideoBand, 'label' | 'Order'> & { id: string };
