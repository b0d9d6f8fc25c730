/**
 * How long each long poll this machine answers is, so the reader knows where a frame ends (SAS 6.02 long poll
 * types): R is address + command and carries no CRC; S adds a CRC; fixed has data of a set size, then the CRC;
 * variable has a length byte counting the data that follows it, then the CRC.
 */
export type LongPollShape = { type: 'R' } | { type: 'S' } | { type: 'fixed'; length: number } | { type: 'variable' };

const R = { type: 'R' } as const;
const S = { type: 'S' } as const;
const variable = { type: 'variable' } as const;

const shapes = new Map<number, LongPollShape>([
  [0x01, S], // disable game play
  [0x02, S], // enable game play
  [0x0f, R], // meters 10-15
  [0x10, R], // total canceled credits
  [0x11, R], // total coin in
  [0x12, R], // total coin out
  [0x13, R], // total drop
  [0x14, R], // total jackpot
  [0x15, R], // games played
  [0x16, R], // games won
  [0x17, R], // games lost
  [0x1a, R], // current credits
  [0x1b, R], // hand pay information
  [0x1f, R], // gaming machine information
  [0x2f, variable], // selected meters for game N
  [0x54, R], // SAS version and serial number
  [0x6f, variable], // extended meters for game N
  [0x72, variable], // AFT transfer funds
  [0x73, variable], // AFT register gaming machine
  [0x74, { type: 'fixed', length: 8 }], // AFT lock and status request
  [0x94, S], // remote hand pay reset
  [0xaf, variable], // extended meters for game N, the alternate of 6F
]);

export function longPollShape(command: number): LongPollShape | undefined {
  return shapes.get(command);
}
