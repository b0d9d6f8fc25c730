import fs from 'node:fs';
import path from 'node:path';
import { seatProtection, sessionCloseRequest } from '@reelcast/protocol';
import { z } from 'zod/mini';

/**
 * A machine's state on disk (docs/crash-test.md "The machine's state file"): the game, the seat, and
 * the money in flight between the meter and the ledger. Versioned, validated when read back, and
 * written atomically: a crash at any moment leaves the previous complete file or the new one.
 */
export const MACHINE_STATE_FORMAT = 'reelcast-machine-state/1';

const minor = z.int();

/** The seat's limit watch (play-limits.ts): the limits in force, the seat's money and the reality check's schedule. */
const playLimitState = z.object({
  protection: seatProtection,
  startedAt: z.number(),
  checkFrom: z.number(),
  asked: z.nullable(z.object({ playedSeconds: z.int(), net: minor })),
  in: minor,
  out: minor,
  /** The cash-ins counted (transfer ids): a repeat of one is not counted again. */
  counted: z.array(z.string()),
});
export type PlayLimitState = z.output<typeof playLimitState>;
const machineState = z.object({
  /** Absent in files written before the format had a name; their shape is the same. */
  format: z.optional(z.literal(MACHINE_STATE_FORMAT)),
  /** The cabinet's snapshot (cabinet.ts `snapshot()`), null for a cabinet that keeps its own; the engine checks its format when it restores it. */
  game: z.custom<unknown>((value) => typeof value === 'object'),
  seat: z.nullable(
    z.object({
      playerId: z.int(),
      name: z.string(),
      sessionId: z.string(),
      /** [token, sign-in session] pairs; anything else (plain strings of older files) is dropped on load. */
      tokens: z.array(z.unknown()),
      base: z.object({ spins: z.int(), totalBet: minor, totalWon: minor }),
      lastActivity: z.number(),
      /** Absent in files written before the watch was kept, and for a seat without limits: null. */
      limits: z._default(z.nullable(playLimitState), null),
    }),
  ),
  /** Cash-outs taken off the meter whose ledger movement is not confirmed yet. */
  pendingCashOuts: z.array(z.object({ transferId: z.string(), sessionId: z.string(), amount: minor })),
  /** Completed cash-ins by id (the last TRANSFER_MEMORY of transfer-journal.ts). */
  transfers: z.record(z.string(), z.object({ credit: minor, balance: minor })),
  /** Reserved cash-ins the cabinet could not say it applied (a real cabinet's link down): asked until it says. */
  applying: z._default(z.record(z.string(), z.object({ amount: minor, sessionId: z.string() })), {}),
  /** Cash-ins on the meter whose post the platform has not confirmed yet: id → amount. */
  applied: z._default(z.record(z.string(), minor), {}),
  /** Failed cash-ins whose take-back off the meter (under `takeBackId`) the cabinet has not confirmed or denied. */
  takingBack: z._default(
    z.record(z.string(), z.object({ amount: minor, sessionId: z.string(), takeBackId: z.string(), voided: z.boolean() })),
    {},
  ),
  /** Cash-ins taken back off the meter after a failed post, outcome on the platform unknown. */
  unsettled: z._default(z.record(z.string(), z.object({ amount: minor, sessionId: z.string() })), {}),
  /** Seats ended here whose session the platform has not closed yet. */
  pendingCloses: z._default(z.array(z.object({ sessionId: z.string(), figures: sessionCloseRequest })), []),
  cashOutSerial: z.int(),
  /** Take-backs sent so far: each gets an id of its own. */
  takeBackSerial: z._default(z.int(), 0),
});

export type MachineState = z.output<typeof machineState>;
export type MachineStateToWrite = Omit<z.input<typeof machineState>, 'format'>;

/**
 * The state saved at `file`, or null when there is none yet. A file that is not valid stops the
 * machine with an error naming it: it holds credit and money in flight, so starting fresh would lose
 * them without a word.
 */
export function readMachineState(file: string): MachineState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: ReturnType<typeof machineState.safeParse>;
  try {
    parsed = machineState.safeParse(JSON.parse(text));
  } catch (error) {
    throw new Error(`The machine state file ${file} is not JSON: move it away only once its credit is accounted for.`, { cause: error });
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The machine state file ${file} is not valid (${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'invalid'}): ` +
        'move it away only once its credit is accounted for.',
    );
  }
  return parsed.data;
}

/** Writes the state atomically and durably: a temporary file, fsync, rename over the old one, fsync of the folder. */
export function writeMachineState(file: string, state: MachineStateToWrite): void {
  const folder = path.dirname(file);
  const temp = `${file}.tmp`;
  fs.mkdirSync(folder, { recursive: true });
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeFileSync(fd, JSON.stringify({ format: MACHINE_STATE_FORMAT, ...state }));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  const folderFd = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(folderFd);
  } finally {
    fs.closeSync(folderFd);
  }
}
