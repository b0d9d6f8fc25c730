import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import {
  AuditType,
  ErrorCode,
  UI_VERSION,
  userSettings,
  type AccountUser,
  type PasswordChangeAnswer,
  type ProfileAnswer,
  type TokenClaims,
  type UserSettings,
} from '@reelcast/protocol';
import { passwordChangeAttempts, type AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { AuditLog } from '../auth/audit.ts';
import type { Clock } from '../auth/auth-service.ts';
import type { Revocations } from '../auth/revocations.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { authSessions, players, playerSettings } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { toUserData, type Player, type PlayersService } from './players-service.ts';

export interface UserUpdate {
  shortcuts?: string[];
  settings?: UserSettings;
}

/**
 * The signed-in player's own account: profile, password change and saved settings
 * (docs/api.md "Account").
 */
export class AccountService {
  readonly #db: Db;
  readonly #players: PlayersService;
  readonly #audit: AuditLog;
  readonly #now: Clock;
  readonly #revocations: Revocations;
  readonly #wrongPasswordLimit: { max: number; windowMinutes: number };
  readonly #attempts: AttemptLimiter;

  constructor(deps: {
    db: Db;
    players: PlayersService;
    audit: AuditLog;
    clock: Clock;
    /** A password change ends the sessions it signed out (their sockets and video close). */
    revocations: Revocations;
    /** Wrong old passwords allowed within the window before 42900. */
    wrongPasswordLimit: { max: number; windowMinutes: number };
    attempts: AttemptLimiter;
  }) {
    this.#db = deps.db;
    this.#players = deps.players;
    this.#audit = deps.audit;
    this.#now = deps.clock;
    this.#revocations = deps.revocations;
    this.#wrongPasswordLimit = deps.wrongPasswordLimit;
    this.#attempts = deps.attempts;
  }

  /** The user fields, with the IP of this session and the sign-in before it (SPEC §3 IP, LastLogon, LastLogonIP). */
  async profile(claims: TokenClaims): Promise<ProfileAnswer> {
    const player = await this.#player(claims.id);
    const user = toAccountUser(player, await this.#settings(claims.id));
    const [current] = await this.#db
      .select({ ip: authSessions.ip, createdAt: authSessions.createdAt })
      .from(authSessions)
      .where(eq(authSessions.id, claims.jti));
    const [previous] = current
      ? await this.#db
          .select({ ip: authSessions.ip, createdAt: authSessions.createdAt })
          .from(authSessions)
          .where(and(eq(authSessions.playerId, claims.id), lt(authSessions.createdAt, current.createdAt)))
          .orderBy(desc(authSessions.createdAt))
          .limit(1)
      : [];
    return {
      ...user,
      IP: current?.ip ?? null,
      Versions: UI_VERSION,
      LastLogon: previous?.createdAt.toISOString() ?? null,
      LastLogonIP: previous?.ip ?? null,
      createdAt: player.createdAt.toISOString(),
    };
  }

  /**
   * SPEC §8: 40001 when the old password is wrong, 40101 when the new one is too short. On success
   * every other session of the player is signed out; the one that changed it stays. After
   * `wrongPasswordLimit.max` wrong old passwords within the window, 42900 until the window ends, even for
   * the right one: a stolen session cannot guess the password. Attempts are counted before the old
   * password is checked (AttemptLimiter), so parallel guesses get no more checks (docs/auth.md).
   */
  async changePassword(claims: TokenClaims, oldPassword: string, newPassword: string, ip: string): Promise<PasswordChangeAnswer> {
    const player = await this.#player(claims.id);
    const who = { type: AuditType.ChangedPassword, username: player.username, ip, playerId: player.id };
    const key = passwordChangeAttempts(player.id);
    const rule = { ...this.#wrongPasswordLimit, blockMinutes: null };
    const tooMany = async () => {
      await this.#audit.write({ ...who, detail: { success: false, reason: 'too many wrong old passwords' } }, this.#now());
      return new ApiError(429, ErrorCode.TooManyRequests, undefined, 'Too many wrong passwords. Try again later.');
    };
    const claim = await this.#attempts.claim(key, rule);
    if (!claim.granted) throw await tooMany();
    if (!(await verifyPassword(player.passwordHash, oldPassword))) {
      await this.#attempts.failed(key, rule);
      await this.#audit.write({ ...who, detail: { success: false, reason: 'old password is wrong' } }, this.#now());
      throw new ApiError(400, ErrorCode.OldPasswordWrong);
    }
    if (!(await this.#attempts.succeeded(key, claim))) throw await tooMany();
    if ([...newPassword].length < MIN_PASSWORD_LENGTH) {
      throw new ApiError(400, ErrorCode.PasswordTooShort, { min_length: MIN_PASSWORD_LENGTH });
    }
    const passwordHash = await hashPassword(newPassword);
    const now = this.#now();
    const revoked = await this.#db.transaction(async (tx) => {
      await tx.update(players).set({ passwordHash }).where(eq(players.id, player.id));
      return tx
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.playerId, player.id), ne(authSessions.id, claims.jti), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
    });
    await this.#audit.write({ ...who, detail: { success: true, revokedSessions: revoked.length } }, now);
    await this.#revocations.ended(player.id, revoked.map((r) => r.id));
    return { status: true, code: 20000, revokedSessions: revoked.length };
  }

  /** POST /api/auth/user/update: what is given replaces what is stored; the rest stays. */
  async update(playerId: number, update: UserUpdate): Promise<AccountUser> {
    const player = await this.#player(playerId);
    await this.#db.transaction(async (tx) => {
      if (update.shortcuts) await tx.update(players).set({ shortcuts: update.shortcuts }).where(eq(players.id, playerId));
      if (update.settings) {
        const now = this.#now();
        await tx
          .insert(playerSettings)
          .values({ playerId, settings: update.settings, updatedAt: now })
          .onConflictDoUpdate({ target: playerSettings.playerId, set: { settings: update.settings, updatedAt: now } });
      }
    });
    return toAccountUser({ ...player, shortcuts: update.shortcuts ?? player.shortcuts }, await this.#settings(playerId));
  }

  async #player(playerId: number): Promise<Player> {
    const player = await this.#players.byId(playerId);
    if (!player) throw new ApiError(401, ErrorCode.SignatureNotVerified);
    return player;
  }

  async #settings(playerId: number): Promise<UserSettings> {
    const [row] = await this.#db.select({ settings: playerSettings.settings }).from(playerSettings).where(eq(playerSettings.playerId, playerId));
    // Stored by an older schema or by hand: what no longer parses is dropped rather than failing the page.
    const parsed = userSettings.safeParse(row?.settings ?? {});
    return parsed.success ? parsed.data : {};
  }
}

export function toAccountUser(player: Player, settings: UserSettings): AccountUser {
  return { ...toUserData(player), settings };
}
