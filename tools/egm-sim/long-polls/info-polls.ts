import { toBcd } from '../link/bcd.ts';
import { withCrc } from '../link/crc.ts';
import type { CabinetConfig } from '../machine/cabinet.ts';
import { DENOMINATION_CODES } from '../machine/denominations.ts';
import { REEL, winFor } from '../machine/reel-game.ts';
import type { NvramState } from '../machine/state.ts';

const ascii = (text: string): number[] => [...Buffer.from(text, 'latin1')];

/** The paytable's return to player at any bet, in hundredths of a percent: every stop combination, counted once. */
function basePercent(): number {
  let paid = 0;
  for (let a = 0; a < REEL.length; a++)
    for (let b = 0; b < REEL.length; b++) for (let c = 0; c < REEL.length; c++) paid += winFor([a, b, c], 1);
  return Math.round((paid / REEL.length ** 3) * 10_000);
}
const BASE_PERCENT = basePercent().toString().padStart(4, '0').slice(-4);

/** Long poll 54: SAS version "602" and the serial number (up to 40 ASCII characters). */
export function sendVersion(address: number, config: CabinetConfig): Uint8Array {
  const body = ascii(`602${config.serialNumber.slice(0, 40)}`);
  return withCrc(Uint8Array.from([address, 0x54, body.length, ...body]));
}

/**
 * Long poll 1F: game ID (2 ASCII), additional ID (3 ASCII), denomination code, largest max bet, progressive group,
 * game options (2), paytable ID (6 ASCII) and base percentage (4 ASCII digits, two implied decimals).
 */
export function sendMachineInfo(address: number, config: CabinetConfig): Uint8Array {
  return withCrc(
    Uint8Array.from([
      address,
      0x1f,
      ...ascii('RC'),
      ...ascii('000'),
      DENOMINATION_CODES.get(config.denominationCents) ?? 0,
      Math.min(config.maxBet, 0xff),
      0,
      0,
      0,
      ...ascii('RCSIM1'),
      ...ascii(BASE_PERCENT),
    ]),
  );
}

/**
 * Long poll 1B: the pending hand pay (progressive group 0; level 40 for a non-progressive win, 80 for canceled
 * credits; amount in credits; no partial pay; reset by the attendant only), or all zeros when there is none.
 */
export function sendHandPayInfo(address: number, state: NvramState): Uint8Array {
  const handPay = state.handPay;
  const level = handPay === null ? 0 : handPay.kind === 'cancelledCredits' ? 0x80 : 0x40;
  return withCrc(
    Uint8Array.from([address, 0x1b, 0, level, ...toBcd(handPay?.credits ?? 0, 5), ...toBcd(0, 2), 0, ...new Array<number>(10).fill(0)]),
  );
}
