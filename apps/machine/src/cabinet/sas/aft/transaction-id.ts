import { createHash } from 'node:crypto';

const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The AFT transaction id of a Reelcast transfer (SAS 6.02 §8: 1 to 20 printable ASCII characters,
 * unique per transfer): "R" and 19 base32 characters (95 bits) of the SHA-256 of the transfer id. The
 * same transfer always gets the same id, so a retry after a restart is recognised by the machine (81,
 * not unique) instead of paid twice, and the machine's history can be searched for it.
 */
export function transactionIdOf(transferId: string): string {
  const digest = createHash('sha256').update(transferId, 'utf8').digest();
  let id = 'R';
  let buffer = 0;
  let bits = 0;
  for (const byte of digest) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && id.length < 20) {
      bits -= 5;
      id += base32[(buffer >> bits) & 31];
    }
    if (id.length === 20) break;
  }
  return id;
}
