import { describe, expect, it } from 'vitest';
import { eventOfException } from './events.ts';

describe('exception codes as events (SAS 6.02 Appendix A)', () => {
  it.each([
    [0x7e, { type: 'game-started' }],
    [0x7f, { type: 'game-ended' }],
    [0x51, { type: 'hand-pay-pending' }],
    [0x52, { type: 'hand-pay-reset' }],
    [0x11, { type: 'door', door: 'slot', open: true }],
    [0x12, { type: 'door', door: 'slot', open: false }],
    [0x1d, { type: 'door', door: 'belly', open: true }],
    [0x18, { type: 'power', on: false }],
    [0x17, { type: 'power', on: true }],
    [0x69, { type: 'aft-transfer-complete' }],
    [0x20, { type: 'tilt', code: 0x20, tilt: 'general tilt' }],
    [0x43, { type: 'tilt', code: 0x43, tilt: 'reel 3 tilt' }],
    [0x66, { type: 'exception', code: 0x66 }],
    [0xa5, { type: 'exception', code: 0xa5 }],
  ])('%i', (code, event) => {
    expect(eventOfException(code)).toEqual(event);
  });

  it('has no event for no activity (00, 1F)', () => {
    expect(eventOfException(0x00)).toBeNull();
    expect(eventOfException(0x1f)).toBeNull();
  });
});
