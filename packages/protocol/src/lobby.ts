import { z } from 'zod/mini';
import { decimalText, jsonId } from './integers.ts';
import { documented } from './meta.ts';

/**
 * Machine statuses. SPEC §4 leaves the values open; Reelcast uses these names on every wire
 * (REST, notification socket, game socket). docs/machine-status.md says what each one means. The
 * platform's database accepts only these (the `machines_status` check): a new one needs a migration.
 */
export const machineStatuses = ['idle', 'reserved', 'playing', 'bonus', 'waiting', 'cashout', 'error', 'offline'] as const;
export const machineStatus = z.enum(machineStatuses);
export type MachineStatus = z.infer<typeof machineStatus>;

/**
 * What the lobby and the console show: the machine's own status, or `maintenance` while the operator
 * keeps it out of play (docs/console.md). Only the platform sets it; an agent never reports it.
 */
export const floorStatuses = [...machineStatuses, 'maintenance'] as const;
export const floorStatus = z.enum(floorStatuses);
export type FloorStatus = z.infer<typeof floorStatus>;

export const reservation = z.nullable(
  z.strictObject({
    playerId: z.int().check(z.positive(), z.maximum(2_147_483_647)),
    until: documented(z.nullable(z.iso.datetime({ offset: true })), {
      description: 'ISO time the reservation ends; null while a seat is held',
    }),
  }),
);
export type Reservation = z.infer<typeof reservation>;

export const machine = z.object({
  id: z.int(),
  name: z.string(),
  status: floorStatus,
  image: documented(z.string(), { description: 'Image URL; the portal falls back to /assets/machines/{brand lowercased}.png' }),
  brand: z.string(),
  brandId: z.int(),
  reservation,
  address: documented(z.nullable(z.string()), { description: 'Game socket (Socket.IO) URL of the machine' }),
  video: documented(z.nullable(z.string()), { description: 'WHEP URL of the machine video' }),
});
export type Machine = z.infer<typeof machine>;

export const brand = z.object({
  id: z.int(),
  name: z.string(),
  image: z.string(),
  machineCount: z._default(z.int(), 0),
  jackpot: documented(z.string(), { description: 'Comma-separated jackpot amounts, e.g. "1250.50,640.00,125.75"' }),
});
export type Brand = z.infer<typeof brand>;

export const machineList = z.array(machine);
export const brandList = z.array(brand);

/** GET /machine/{id}: the lobby-display answer, one brand and its machines. */
export const brandMachines = z.object({
  brand,
  machines: machineList,
});
export type BrandMachines = z.infer<typeof brandMachines>;

/** The `:id` of a path (`/machine/8`, `/machine-api/machines/8/…`): canonical decimal digits only. */
export const idParam = z.object({
  id: decimalText(jsonId),
});

/** Machine API: a machine agent (or an operator) reports a machine's status. */
export const machineStatusReport = z.strictObject({
  status: machineStatus,
  reservation: z.optional(reservation),
  /** The agent announces where its game socket and video are (on start). */
  address: z.optional(z.nullable(z.url({ protocol: /^(https?|wss?)$/ }).check(z.maxLength(500)))),
  video: z.optional(z.nullable(z.url({ protocol: /^https?$/ }).check(z.maxLength(500)))),
});
export type MachineStatusReport = z.infer<typeof machineStatusReport>;

/** Push on the notification socket when a machine changes. */
export const machinePush = z.object({
  id: z.int(),
  status: floorStatus,
  reservation,
});
export type MachinePush = z.infer<typeof machinePush>;
