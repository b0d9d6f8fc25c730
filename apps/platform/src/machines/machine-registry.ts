import { asc, eq, sql } from 'drizzle-orm';
import type { Brand, BrandMachines, Machine, MachineStatus, MachineStatusReport, Reservation } from '@reelcast/protocol';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { brands, machines, players } from '../db/schema.ts';
import { invalidRequest, notFound } from '../http/api-error.ts';

type MachineRow = typeof machines.$inferSelect & { brandName: string };

/**
 * The machines and their live status. Every status change goes through `report`, which writes it
 * and publishes it on the bus, so every lobby sees it (docs/machine-status.md).
 */
export class MachineRegistry {
  readonly #db: Db;
  readonly #bus: Bus;

  constructor(db: Db, bus: Bus) {
    this.#db = db;
    this.#bus = bus;
  }

  async all(): Promise<Machine[]> {
    const rows = await this.#select().orderBy(asc(brands.sort), asc(machines.sort), asc(machines.id));
    return rows.map(toMachine);
  }

  async brands(): Promise<Brand[]> {
    const rows = await this.#db
      .select({
        id: brands.id,
        name: brands.name,
        image: brands.image,
        jackpot: brands.jackpot,
        machineCount: sql<number>`count(${machines.id})::int`,
      })
      .from(brands)
      .leftJoin(machines, eq(machines.brandId, brands.id))
      .groupBy(brands.id)
      .orderBy(asc(brands.sort), asc(brands.id));
    return rows.map((b) => ({ ...b, machineCount: Number(b.machineCount ?? 0) }));
  }

  async brandWithMachines(brandId: number): Promise<BrandMachines> {
    const brand = (await this.brands()).find((b) => b.id === brandId);
    if (!brand) throw notFound('Brand not found.');
    const rows = await this.#select().where(eq(machines.brandId, brandId)).orderBy(asc(machines.sort), asc(machines.id));
    return { brand, machines: rows.map(toMachine) };
  }

  async byId(id: number): Promise<Machine> {
    const [row] = await this.#select().where(eq(machines.id, id));
    if (!row) throw notFound('Machine not found.');
    return toMachine(row);
  }

  async report(id: number, report: MachineStatusReport): Promise<Machine> {
    const values: Partial<typeof machines.$inferInsert> = { status: report.status, updatedAt: new Date() };
    if (report.reservation) {
      const [player] = await this.#db.select({ id: players.id }).from(players).where(eq(players.id, report.reservation.playerId));
      if (!player) throw invalidRequest('reservation.playerId: no such player');
    }
    if (report.address !== undefined) values.address = report.address;
    if (report.video !== undefined) values.video = report.video;
    if (report.reservation !== undefined) {
      values.reservationPlayerId = report.reservation?.playerId ?? null;
      values.reservationUntil = report.reservation?.until ? new Date(report.reservation.until) : null;
    }
    const [updated] = await this.#db.update(machines).set(values).where(eq(machines.id, id)).returning({ id: machines.id });
    if (!updated) throw notFound('Machine not found.');
    const machine = await this.byId(id);
    this.#bus.publish('machine', { id, status: machine.status, reservation: machine.reservation });
    return machine;
  }

  #select() {
    return this.#db
      .select({
        id: machines.id,
        brandId: machines.brandId,
        name: machines.name,
        image: machines.image,
        status: machines.status,
        reservationPlayerId: machines.reservationPlayerId,
        reservationUntil: machines.reservationUntil,
        address: machines.address,
        video: machines.video,
        sort: machines.sort,
        updatedAt: machines.updatedAt,
        brandName: brands.name,
      })
      .from(machines)
      .innerJoin(brands, eq(brands.id, machines.brandId));
  }
}

function toMachine(row: MachineRow): Machine {
  const reservation: Reservation = row.reservationPlayerId
    ? { playerId: row.reservationPlayerId, until: row.reservationUntil?.toISOString() ?? null }
    : null;
  return {
    id: row.id,
    name: row.name,
    status: row.status as MachineStatus,
    image: row.image,
    brand: row.brandName,
    brandId: row.brandId,
    reservation,
    address: row.address,
    video: row.video,
  };
}
