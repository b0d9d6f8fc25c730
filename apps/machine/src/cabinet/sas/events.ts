/** What the host reports of a machine: its exceptions as typed events, and the link's state. */
export type SasEvent =
  | { type: 'game-started' }
  | { type: 'game-ended' }
  | { type: 'hand-pay-pending' }
  | { type: 'hand-pay-reset' }
  | { type: 'door'; door: Door; open: boolean }
  | { type: 'tilt'; code: number; tilt: string }
  | { type: 'power'; on: boolean }
  | { type: 'aft-transfer-complete' }
  | { type: 'link'; up: boolean }
  /** Any other exception code, passed through as the machine sent it. */
  | { type: 'exception'; code: number };

export type Door = 'slot' | 'drop' | 'card-cage' | 'cashbox' | 'belly';

const doors: Record<number, [Door, boolean]> = {
  0x11: ['slot', true],
  0x12: ['slot', false],
  0x13: ['drop', true],
  0x14: ['drop', false],
  0x15: ['card-cage', true],
  0x16: ['card-cage', false],
  0x19: ['cashbox', true],
  0x1a: ['cashbox', false],
  0x1d: ['belly', true],
  0x1e: ['belly', false],
};

/** Appendix A's tilts: conditions that stop the machine until staff clear them. */
const tilts: Record<number, string> = {
  0x20: 'general tilt',
  0x21: 'coin in tilt',
  0x22: 'coin out tilt',
  0x23: 'hopper empty',
  0x24: 'extra coin paid',
  0x25: 'diverter malfunction',
  0x27: 'cashbox full',
  0x28: 'bill jam',
  0x29: 'bill acceptor hardware failure',
  0x2a: 'reverse bill',
  0x2b: 'bill rejected',
  0x2c: 'counterfeit bill',
  0x2d: 'reverse coin',
  0x2e: 'cashbox near full',
  0x31: 'CMOS RAM error, data recovered',
  0x32: 'CMOS RAM error, no data recovered',
  0x33: 'CMOS RAM error, bad device',
  0x34: 'EEPROM error, data error',
  0x35: 'EEPROM error, bad device',
  0x36: 'EPROM error, different checksum',
  0x37: 'EPROM error, bad checksum',
  0x38: 'partitioned EPROM error, different checksum',
  0x39: 'partitioned EPROM error, bad checksum',
  0x3a: 'memory error reset',
  0x3b: 'low backup battery',
  0x40: 'reel tilt',
  0x41: 'reel 1 tilt',
  0x42: 'reel 2 tilt',
  0x43: 'reel 3 tilt',
  0x44: 'reel 4 tilt',
  0x45: 'reel 5 tilt',
  0x46: 'reel mechanism disconnected',
  0x60: 'printer communication error',
  0x61: 'printer paper out',
};

/** The event of a general poll's exception code; 00 and 1F (no activity) are none. */
export function eventOfException(code: number): SasEvent | null {
  if (code === 0x00 || code === 0x1f) return null;
  const door = doors[code];
  if (door) return { type: 'door', door: door[0], open: door[1] };
  const tilt = tilts[code];
  if (tilt) return { type: 'tilt', code, tilt };
  switch (code) {
    case 0x7e:
      return { type: 'game-started' };
    case 0x7f:
      return { type: 'game-ended' };
    case 0x51:
      return { type: 'hand-pay-pending' };
    case 0x52:
      return { type: 'hand-pay-reset' };
    case 0x17:
      return { type: 'power', on: true };
    case 0x18:
      return { type: 'power', on: false };
    case 0x69:
      return { type: 'aft-transfer-complete' };
    default:
      return { type: 'exception', code };
  }
}
