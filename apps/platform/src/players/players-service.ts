import { and, eq, ilike, inArray, isNotNull, isNull, notLike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ErrorCode, pinText, type PlayerRole, type UserData } from '@reelcast/protocol';
import { likeContaining, type Db } from '../db/index.ts';
import { players } from '../db/schema.ts';
import { DomainError, hashPassword, invalidRequest, MIN_PASSWORD_LENGTH } from '../shared/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { isPinVerifier, makePinVerifier, PIN_VERIFIER_PREFIX } from './pin-verifier.ts';
import type { PinSeal } from './pin-seal.ts';
import { teamNameField } from './team-names.ts';

export type Player = typeof players.$inferSelect;

export interface NewPlayer {
  username: string;
  email: string;
  /** In clear (hashed here), or `passwordHash` instead. */
  password?: string;
  /** The password's argon2 hash made earlier: a registration confirmed by mail (docs/self-service.md). */
  passwordHash?: string;
  name?: string;
  lastname?: string;
  /** The idle-lock PIN (4 to 8 digits): only its verifier is stored (docs/pin-lock.md). */
  pin?: string | null;
  /** Default 'user' (a player). */
  role?: PlayerRole;
}

/** What a ban asks of sign-in (auth/revocations.ts): every session of the player ends. auth/ reads players/, so it is named here by what it does. */
export interface BanRevocations {
  banned(playerId: number): Promise<void>;
}

export class PlayersService {
  readonly #db: Db;
  readonly #revocations: BanRevocations;
  readonly #ledger: Ledger;
  readonly #seal: PinSeal;

  constructor(db: Db, revocations: BanRevocations, ledger: Ledger, seal: PinSeal) {
    this.#db = db;
    this.#revocations = revocations;
    this.#ledger = ledger;
    this.#seal = seal;
  }

  /** What `pin_code` and `pin_sealed` hold for this PIN (its verifier, and the PIN sealed), or nothing. */
  async #pinColumns(pin: string | null): Promise<{ pinCode: string | null; pinSealed: string | null }> {
    if (pin === null) return { pinCode: null, pinSealed: null };
    return { pinCode: await makePinVerifier(checkedPin(pin)), pinSealed: this.#seal.seal(pin) };
  }

  /** The player's PIN, to show them once they gave their password; null if none is kept (set before PINs were sealed, or sealed under other keys). */
  pinOf(player: Pick<Player, 'pinCode' | 'pinSealed'>): string | null {
    return pinVerifierOf(player) && player.pinSealed ? this.#seal.open(player.pinSealed) : null;
  }

  /**
   * Creates the player and their wallet account together, in `db`'s transaction when it is one (a
   * confirmed registration spends its link in the same one).
   */
  async create(input: NewPlayer, db: Db = this.#db): Promise<Player> {
    if (input.passwordHash === undefined && (input.password ?? '').length < MIN_PASSWORD_LENGTH) {
      throw new DomainError(ErrorCode.PasswordTooShort);
    }
    if ((input.role ?? 'user') === 'user') refuseTeamNames(input, '');
    // On `db`: the embedded database runs one transaction at a time, so a query beside it would wait for it.
    if ((await this.findByLogin(input.username, db)) || (await this.findByLogin(input.email, db))) {
      throw new DomainError(ErrorCode.InvalidRequest, undefined, `The username or email is taken: ${input.username}`);
    }
    const passwordHash = input.passwordHash ?? (await hashPassword(input.password!));
    const { pinCode, pinSealed } = await this.#pinColumns(input.pin ?? null);
    return db.transaction(async (tx) => {
      const [player] = await tx
        .insert(players)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          name: input.name ?? '',
          lastname: input.lastname ?? '',
          pinCode,
          pinSealed,
          role: input.role ?? 'user',
        })
        .returning();
      await this.#ledger.openWallet(player!.id, tx);
      return player!;
    });
  }

  /** By username or email, case-insensitively. */
  async findByLogin(login: string, db: Db = this.#db): Promise<Player | undefined> {
    const lowered = login.toLowerCase();
    const [row] = await db
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

  /** The console's search: usernames containing `text`, or ids beginning with its digits; exact names first. */
  async search(text: string, limit: number): Promise<Player[]> {
    const lowered = text.toLowerCase();
    const byName = ilike(players.username, likeContaining(text));
    const byId = /^\d{1,10}$/.test(text) ? sql`cast(${players.id} as text) like ${`${text}%`}` : undefined;
    return this.#db
      .select()
      .from(players)
      .where(byId ? or(byName, byId) : byName)
      .orderBy(sql`lower(${players.username}) <> ${lowered}`, sql`length(${players.username})`, players.id)
      .limit(limit);
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

  /** Replaces the player's password hash (a password reset by mail), in the caller's transaction when given. */
  async setPasswordHash(playerId: number, passwordHash: string, db: Db = this.#db): Promise<void> {
    await db.update(players).set({ passwordHash }).where(eq(players.id, playerId));
  }

  async setShortcuts(playerId: number, shortcuts: Player['shortcuts'], db: Db = this.#db): Promise<void> {
    await db.update(players).set({ shortcuts }).where(eq(players.id, playerId));
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

  /** Sets the player's idle-lock PIN (its verifier is stored), or removes it with null: no PIN, no idle lock. */
  async setPin(login: string, pin: string | null): Promise<Player> {
    const player = await this.require(login);
    const [row] = await this.#db
      .update(players)
      .set(await this.#pinColumns(pin))
      .where(eq(players.id, player.id))
      .returning();
    return row!;
  }

  /**
   * A start step: the PINs an older version stored in clear become their verifiers (an empty one, no PIN).
   * Safe to run on every start and by several instances at once: a row changes only while it still holds
   * the clear PIN that was read. Answers how many changed.
   */
  async hashClearPins(): Promise<number> {
    const rows = await this.#db
      .select({ id: players.id, pinCode: players.pinCode })
      .from(players)
      .where(and(isNotNull(players.pinCode), notLike(players.pinCode, `${PIN_VERIFIER_PREFIX}%`)));
    let changed = 0;
    for (const { id, pinCode: clear } of rows) {
      const verifier = clear ? await makePinVerifier(clear) : null;
      const updated = await this.#db
        .update(players)
        .set({ pinCode: verifier, pinSealed: clear ? this.#seal.seal(clear) : null })
        .where(and(eq(players.id, id), eq(players.pinCode, clear!)))
        .returning({ id: players.id });
      changed += updated.length;
    }
    return changed;
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

/**
 * The `pin_code` of the sign-in answers (SPEC §7): the stored verifier, or null for no PIN. Anything
 * else stored there (a hand-edited row) is never sent: it is not a verifier.
 */
export const pinVerifierOf = (player: Pick<Player, 'pinCode'>): string | null =>
  player.pinCode && isPinVerifier(player.pinCode) ? player.pinCode : null;

/**
 * A player may not carry a name of the operator's team (docs/self-service.md "Names of the team"):
 * neither the username nor the display name may look like one, whatever the case or the look-alike
 * characters. 400 / 40000 with the field (`{prefix}{field}`: `body.name` for a form).
 */
export function refuseTeamNames(account: { username: string; name?: string; lastname?: string }, prefix: string): void {
  const field = teamNameField(account);
  if (!field) return;
  const text = field === 'username' ? account.username : [account.name, account.lastname].filter(Boolean).join(' ');
  throw new DomainError(ErrorCode.InvalidRequest, { field: `${prefix}${field}` }, `${field}: "${text}" is kept for the operator's team.`);
}

function checkedPin(pin: string): string {
  if (!pinText.safeParse(pin).success) throw invalidRequest('A PIN is 4 to 8 digits.');
  return pin;
}

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
