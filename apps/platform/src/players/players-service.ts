import { and, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ErrorCode, type PlayerRole, type UserData } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { players } from '../db/schema.ts';
import { DomainError, hashPassword, MIN_PASSWORD_LENGTH } from '../shared/index.ts';
import type { Revocations } from '../auth/index.ts';
import type { Ledger } from '../wallet/index.ts';

export type Player = typeof players.$inferSelect;

export interface NewPlayer {
  username: string;
  email: string;
  password: string;
  name?: string;
  lastname?: string;
  pinCode?: string | null;
  /** Default 'user' (a player). */
  role?: PlayerRole;
}

export class PlayersService {
  readonly #db: Db;
  readonly #revocations: Revocations;
  readonly #ledger: Ledger;

  constructor(db: Db, revocations: Revocations, ledger: Ledger) {
    this.#db = db;
    this.#revocations = revocations;
    this.#ledger = ledger;
  }

  /** Creates the player and their wallet account together. */
  async create(input: NewPlayer): Promise<Player> {
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new DomainError(ErrorCode.PasswordTooShort);
    }
    if ((await this.findByLogin(input.username)) || (await this.findByLogin(input.email))) {
      throw new DomainError(ErrorCode.InvalidRequest, undefined, `The username or email is taken: ${input.username}`);
    }
    const passwordHash = await hashPassword(input.password);
    return this.#db.transaction(async (tx) => {
      const [player] = await tx
        .insert(players)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          name: input.name ?? '',
          lastname: input.lastname ?? '',
          pinCode: input.pinCode ?? null,
          role: input.role ?? 'user',
        })
        .returning();
      await this.#ledger.openWallet(player!.id, tx);
      return player!;
    });
  }

  /** By username or email, case-insensitively. */
  async findByLogin(login: string): Promise<Player | undefined> {
    const lowered = login.toLowerCase();
    const [row] = await this.#db
      .select()
      .from(players)
      .where(or(sql`lower(${players.username}) = ${lowered}`, sql`lower(${players.email}) = ${lowered}`))
      .limit(1);
    return row;
  }

  /** The SPEC §3 user fields of a player. */
  userData(player: Player): UserData {
    return toUserData(player);
  }

  async byId(id: number): Promise<Player | undefined> {
    const [row] = await this.#db.select().from(players).where(eq(players.id, id));
    return row;
  }

  async byIds(ids: readonly number[]): Promise<Player[]> {
    if (!ids.length) return [];
    return this.#db
      .select()
      .from(players)
      .where(inArray(players.id, [...ids]));
  }

  /** The operator's team (roles staff and admin) that is not banned, by id. */
  async team(): Promise<Player[]> {
    return this.#db
      .select()
      .from(players)
      .where(and(inArray(players.role, ['staff', 'admin']), isNull(players.bannedAt)))
      .orderBy(players.id);
  }

  /** The player signed in now from this address (SPEC §3 last_logon, last_logon_ip). */
  async recordSignIn(playerId: number, at: Date, ip: string): Promise<void> {
    await this.#db.update(players).set({ lastLogonAt: at, lastLogonIp: ip }).where(eq(players.id, playerId));
  }

  async require(login: string): Promise<Player> {
    const player = await this.findByLogin(login);
    if (!player) throw new DomainError(ErrorCode.NotFound, undefined, `No player named ${login}.`);
    return player;
  }

  /** Signing in answers 10704; every session of the player ends and their seats are cashed out (revocations.ts). */
  async ban(login: string, reason: string, now: Date): Promise<Player> {
    const player = await this.require(login);
    const [row] = await this.#db.update(players).set({ bannedAt: now, banReason: reason }).where(eq(players.id, player.id)).returning();
    await this.#revocations.banned(player.id);
    return row!;
  }

  async unban(login: string): Promise<Player> {
    const player = await this.require(login);
    const [row] = await this.#db.update(players).set({ bannedAt: null, banReason: null }).where(eq(players.id, player.id)).returning();
    return row!;
  }

  async setAllowedIps(login: string, ips: string[] | null): Promise<Player> {
    const player = await this.require(login);
    const [row] = await this.#db
      .update(players)
      .set({ allowedIps: ips && ips.length ? ips : null })
      .where(eq(players.id, player.id))
      .returning();
    return row!;
  }
}

/** A condition for a query of another module: the player with this id is not banned (one query, no join). */
export const playerNotBanned = (playerId: AnyColumn): SQL =>
  sql`not exists (select 1 from ${players} where ${players.id} = ${playerId} and ${players.bannedAt} is not null)`;

/** The user data of SPEC §3. */
export function toUserData(player: Player): UserData {
  return {
    id: player.id,
    role: [player.role],
    username: player.username,
    name: player.name,
    lastname: player.lastname,
    email: player.email,
    displayName: [player.name, player.lastname].filter(Boolean).join(' ') || player.username,
    type: player.type,
    Group: player.groupId,
    Permissions: player.permissions,
    photoURL: player.photoUrl,
    shortcuts: player.shortcuts,
  };
}
