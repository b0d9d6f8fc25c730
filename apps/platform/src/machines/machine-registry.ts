import { and, asc, eq, sql } from 'drizzle-orm';
import type { Brand, BrandMachines, FloorStatus, Machine, MachineStatus, MachineStatusReport, Reservation } from '@reelcast/protocol';
import type { Bus } from '../bus/index.ts';
import { isForeignKeyViolation, type Db } from '../db/index.ts';
import { brands, machines } from '../db/schema.ts';
import { invalidRequest, notFound } from '../shared/index.ts';

type MachineRow = typeof machines.$inferSelect & { brandName: string };

/** A brand and its machines as a catalogue lists them (the demo seed). */
export interface CatalogueBrand {
  name: string;
  jackpot: string;
  image: string;
  machines: readonly { name: string; image: string }[];
}

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

  /**
   * Adds the brands and their machines, in this order, when there are no brands yet; else adds nothing.
   * Answers what it added.
   */
  async addCatalogue(catalogue: readonly CatalogueBrand[]): Promise<{ brands: number; machines: number }> {
    const [{ count } = { count: 0 }] = await this.#db.select({ count: sql<number>`count(*)::int` }).from(brands);
    if (Number(count) > 0) return { brands: 0, machines: 0 };
    let added = 0;
    for (const [brandIndex, entry] of catalogue.entries()) {
      const [brand] = await this.#db
        .insert(brands)
        .values({ name: entry.name, jackpot: entry.jackpot, image: entry.image, sort: brandIndex })
        .returning({ id: brands.id });
      await this.#db
        .insert(machines)
        .values(
          entry.machines.map((machine, i) => ({ brandId: brand!.id, name: machine.name, image: machine.image, status: 'idle', sort: i })),
        );
      added += entry.machines.length;
    }
    return { brands: catalogue.length, machines: added };
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

  /** Every machine, or the one of `id`, with the time of its last report or change (the console's floor). */
  async withChangeTimes(id?: number): Promise<{ machine: Machine; changedAt: Date }[]> {
    const query = this.#select();
    const rows = await (id === undefined ? query : query.where(eq(machines.id, id))).orderBy(
      asc(brands.sort),
      asc(machines.sort),
      asc(machines.id),
    );
    if (id !== undefined && !rows.length) throw notFound('Machine not found.');
    return rows.map((row) => ({ machine: toMachine(row), changedAt: row.updatedAt }));
  }

  async byId(id: number): Promise<Machine> {
    const [row] = await this.#select().where(eq(machines.id, id));
    if (!row) throw notFound('Machine not found.');
    return toMachine(row);
  }

  /**
   * A status report: written, and pushed (`machine` on the bus) only when the status or the reservation
   * changed, carrying them as this report left them. Two writers report one change (the platform at a
   * seat or a session's close, the agent for its machine): the row is locked, so the first one changes
   * it and pushes, the second finds it as it would leave it and pushes nothing. An idle machine is free:
   * it holds no reservation (docs/machine-status.md).
   */
  async report(id: number, report: MachineStatusReport): Promise<Machine> {
    const values: Partial<typeof machines.$inferInsert> = { status: report.status, updatedAt: new Date() };
    if (report.address !== undefined) values.address = report.address;
    if (report.video !== undefined) values.video = report.video;
    if (report.reservation !== undefined) {
      values.reservationPlayerId = report.reservation?.playerId ?? null;
      values.reservationUntil = report.reservation?.until ? new Date(report.reservation.until) : null;
    }
    if (report.status === 'idle') {
      values.reservationPlayerId = null;
      values.reservationUntil = null;
    }
    const outcome = await this.#db
      .transaction(async (tx) => {
        const [before] = await tx
          .select({
            status: machines.status,
            playerId: machines.reservationPlayerId,
            until: machines.reservationUntil,
            address: machines.address,
            video: machines.video,
            maintenance: machines.maintenance,
          })
          .from(machines)
          .where(eq(machines.id, id))
          .for('update');
        if (!before) throw notFound('Machine not found.');
        const [after] = await tx.update(machines).set(values).where(eq(machines.id, id)).returning({
          status: machines.status,
          playerId: machines.reservationPlayerId,
          until: machines.reservationUntil,
          address: machines.address,
          video: machines.video,
          maintenance: machines.maintenance,
        });
        const status = shownStatus(after!);
        const changed =
          shownStatus(before) !== status || before.playerId !== after!.playerId || before.until?.getTime() !== after!.until?.getTime();
        return {
          push: changed ? { id, status, reservation: toReservation(after!.playerId, after!.until) } : null,
          moved: before.address !== after!.address || before.video !== after!.video,
        };
      })
      .catch((error: unknown) => {
        // The reservation's player is a foreign key: the database says whether it exists.
        throw isForeignKeyViolation(error) ? invalidRequest('reservation.playerId: no such player') : error;
      });
    if (outcome.moved) this.#bus.publish('machineAddress', { id });
    if (outcome.push) this.#bus.publish('machine', outcome.push);
    return this.byId(id);
  }

  /**
   * Puts the machine in maintenance or takes it out (the console, docs/console.md): while in it the lobby
   * and the console show `maintenance` whatever its agent reports, and no seat opens. Pushed when it
   * changed; answers whether it did.
   */
  async setMaintenance(id: number, on: boolean): Promise<boolean> {
    const [row] = await this.#db
      .update(machines)
      .set({ maintenance: on, updatedAt: new Date() })
      .where(and(eq(machines.id, id), eq(machines.maintenance, !on)))
      .returning({
        status: machines.status,
        maintenance: machines.maintenance,
        playerId: machines.reservationPlayerId,
        until: machines.reservationUntil,
      });
    if (!row) {
      await this.byId(id);
      return false;
    }
    this.#bus.publish('machine', { id, status: shownStatus(row), reservation: toReservation(row.playerId, row.until) });
    return true;
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
        maintenance: machines.maintenance,
        sort: machines.sort,
        updatedAt: machines.updatedAt,
        brandName: brands.name,
      })
      .from(machines)
      .innerJoin(brands, eq(brands.id, machines.brandId));
  }
}

function toMachine(row: MachineRow): Machine {
  const reservation = toReservation(row.reservationPlayerId, row.reservationUntil);
  return {
    id: row.id,
    name: row.name,
    status: shownStatus(row),
    image: row.image,
    brand: row.brandName,
    brandId: row.brandId,
    reservation,
    address: row.address,
    video: row.video,
  };
}

function shownStatus(row: { status: string; maintenance: boolean }): FloorStatus {
  return row.maintenance ? 'maintenance' : (row.status as MachineStatus);
}

function toReservation(playerId: number | null, until: Date | null): Reservation {
  return playerId ? { playerId, until: until?.toISOString() ?? null } : null;
}
