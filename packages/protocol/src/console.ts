import { z } from 'zod/mini';
import { floorStatus } from './lobby.ts';
import { documented } from './meta.ts';

/** The seated player of a machine on the floor, and their slot session. */
export const floorSeat = z.object({
  playerId: z.int(),
  username: z.string(),
  sessionId: z.uuid(),
  startedAt: documented(z.iso.datetime({ offset: true }), { description: 'When the slot session began (ISO time)' }),
  netCashIn: documented(z.int(), {
    description:
      "Minor units moved onto the machine in this session less those cashed out: the platform's side of the credit. The meter's live credit also holds the bets and wins of the session, which only the agent knows until the close",
  }),
});
export type FloorSeat = z.infer<typeof floorSeat>;

/** A hand pay that waits for staff at the machine (docs/console.md "Hand pay"). */
export const floorHandPay = z.object({
  settlementId: z.string(),
  amount: z.int(),
  since: z.iso.datetime({ offset: true }),
});
export type FloorHandPay = z.infer<typeof floorHandPay>;

/** One machine as the operator's console shows it (docs/console.md "Floor"). */
export const floorMachine = z.object({
  id: z.int(),
  name: z.string(),
  brand: z.string(),
  brandId: z.int(),
  status: floorStatus,
  seat: z.nullable(floorSeat),
  lastEvent: documented(z.object({ status: floorStatus, at: z.iso.datetime({ offset: true }) }), {
    description: 'The last change of the machine: the status it left the machine in, and when',
  }),
  handPay: z.optional(z.nullable(floorHandPay)),
  /** The machine's WHEP URL (null: no picture); the console watches it with `?watch=staff` (docs/console.md "Watch"). */
  video: z.optional(z.nullable(z.string())),
});
export type FloorMachine = z.infer<typeof floorMachine>;

/** GET /api/console/floor */
export const floorAnswer = z.object({ machines: z.array(floorMachine) });
export type FloorAnswer = z.infer<typeof floorAnswer>;

/** Every console action says why: the reason is written to the audit log with who did it. */
const reason = documented(z.string().check(z.trim(), z.minLength(3), z.maxLength(500)), {
  description: 'Why the operator acts (3 to 500 characters); kept in the audit log',
});

/** POST /api/console/machines/{id}/maintenance */
export const maintenanceRequest = z.strictObject({ on: z.boolean(), reason });
export type MaintenanceRequest = z.infer<typeof maintenanceRequest>;

/** POST /api/console/machines/{id}/end-session */
export const endSessionRequest = z.strictObject({ reason });
export type EndSessionRequest = z.infer<typeof endSessionRequest>;

/** POST /api/console/machines/{id}/message */
export const playerMessageRequest = z.strictObject({
  text: documented(z.string().check(z.trim(), z.minLength(1), z.maxLength(500)), {
    description: 'What the seated player reads in the game (an OPERATOR_MESSAGE info push)',
  }),
  reason,
});
export type PlayerMessageRequest = z.infer<typeof playerMessageRequest>;

/** The answer of a console action: the machine as it is now on the floor. */
export const consoleActionAnswer = z.object({
  status: z.literal(true),
  machine: floorMachine,
  /** end-session and maintenance with a seated player: the credit cashed out to the wallet, minor units. */
  cashedOut: z.optional(z.int()),
  /** hand-pay: the amount paid into the player's wallet, minor units. */
  paid: z.optional(z.int()),
});
export type ConsoleActionAnswer = z.infer<typeof consoleActionAnswer>;

/** POST /api/console/machines/{id}/hand-pay: the machine's waiting hand pay is paid into the player's wallet (action 5). */
export const handPayRequest = z.strictObject({ reason });
export type HandPayRequest = z.infer<typeof handPayRequest>;
