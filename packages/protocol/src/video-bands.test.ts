import { describe, expect, it } from 'vitest';
import { bandSelects, DEFAULT_BAND_ID, findBand, VIDEO_BANDS } from './video-bands.ts';

describe('video bands', () => {
  it('offers 720p, 480p and 360p with bitrates that grow with the size', () => {
    expect(VIDEO_BANDS.map((b) => [b.id, b.width, b.height])).toEqual([
      ['720p', 1280, 720],
      ['480p', 854, 480],
      ['360p', 640, 360],
    ]);
    const bySize = [...VIDEO_BANDS].sort((a, b) => a.width * a.height - b.width * b.height);
    for (let i = 1; i < bySize.length; i++) expect(bySize[i]!.maxBitrate).toBeGreaterThan(bySize[i - 1]!.maxBitrate);
    for (const band of VIDEO_BANDS) expect(band.startBitrate).toBeLessThanOrEqual(band.maxBitrate);
  });

  it('lists bandSelects by Order, highest first', () => {
    const shuffled = [VIDEO_BANDS[2]!, VIDEO_BANDS[0]!, VIDEO_BANDS[1]!];
    expect(bandSelects(shuffled).map((b) => b.Order)).toEqual([3, 2, 1]);
    expect(bandSelects(VIDEO_BANDS).map((b) => b.id)).toEqual(['720p', '480p', '360p']);
  });

  it('finds a band by id, the default without one, nothing for an unknown id', () => {
    expect(findBand('480p')?.height).toBe(480);
    expect(findBand(undefined)?.id).toBe(DEFAULT_BAND_ID);
    expect(findBand('')?.id).toBe(DEFAULT_BAND_ID);
    expect(findBand('4k')).toBeUndefined();
  });
});
