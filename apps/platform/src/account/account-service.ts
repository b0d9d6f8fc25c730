import { eq } from 'drizzle-orm';
import {
  AuditType,
  ErrorCode,
  UI_VERSION,
  userSettings,
  type AccountUser,
  type PasswordChangeAnswer,
  type PinRevealAnswer,
  type ProfileAnswer,
  type TokenClaims,
  type UserSettings,
} from '@reelcast/protocol';
import type { AuditEvent, AuditLog } from '../audit/index.ts';
import type { AttemptLimiter, AuthService, Revocations } from '../auth/index.ts';
import { DomainError, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword, type Clock } from '../shared/index.ts';
import type { Db } from '../db/index.ts';
import { playerSettings } from '../db/schema.ts';
import { toUserData, type Player, type PlayersService } from '../players/index.ts';

/** The attempt limiter's key for wrong old passwords of one player. */
const passwordChangeAttempts = (playerId: number) => `password:${playerId}`;

export interface UserUpdate {
  shortcuts?: string[];
  settings?: UserSettings;
}

export interface AccountServiceDeps {
  db: Db;
  auth: AuthService;
  players: PlayersService;
  audit: AuditLog;
  clock: Clock;
  /** A password change ends the sessions it signed out (their sockets and video close). */
  revocations: Revocations;
  /** Wrong old passwords allowed within the window before 42900. */
  wrongPasswordLimit: { max: number; windowMinutes: number };
  attempts: AttemptLimiter;
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
  readonly #auth: AuthService;

  constructor(deps: AccountServiceDeps) {
    this.#db = deps.db;
    this.#players = deps.players;
    this.#audit = deps.audit;
    this.#now = deps.clock;
    this.#revocations = deps.revocations;
    this.#wrongPasswordLimit = deps.wrongPasswordLimit;
    this.#attempts = deps.attempts;
    this.#auth = deps.auth;
  }

  /** The user fields, with the IP of this session and the sign-in before it (SPEC §3 IP, LastLogon, LastLogonIP). */
  async profile(claims: TokenClaims): Promise<ProfileAnswer> {
    const player = await this.#player(claims.id);
    const user = toAccountUser(player, await this.#settings(claims.id));
    const { current, previous } = await this.#auth.signInsAround(claims);
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
    await this.#checkPassword(player, oldPassword, who);
    if ([...newPassword].length < MIN_PASSWORD_LENGTH) {
      throw new DomainError(ErrorCode.PasswordTooShort, { min_length: MIN_PASSWORD_LENGTH });
    }
    const passwordHash = await hashPassword(newPassword);
    const now = this.#now();
    const revoked = await this.#db.transaction(async (tx) => {
      await this.#players.setPasswordHash(player.id, passwordHash, tx);
      return this.#revocations.revokeOthers(player.id, claims.jti, now, tx);
    });
    await this.#audit.write({ ...who, detail: { success: true, revokedSessions: revoked.length } }, now);
    await this.#revocations.ended(player.id, revoked);
    return { status: true, code: ErrorCode.Success, revokedSessions: revoked.length };
  }

  /**
   * The player's PIN once they gave their password (docs/pin-lock.md "Showing the PIN"): the password
   * check and its limit are the password change's, so guesses through either count together. 40400
   * when no PIN is kept to show (none set, or set before PINs were sealed).
   */
  async revealPin(claims: TokenClaims, password: string, ip: string): Promise<PinRevealAnswer> {
    const player = await this.#player(claims.id);
    await this.#checkPassword(player, password, { type: AuditType.PinShown, username: player.username, ip, playerId: player.id });
    const pin = this.#players.pinOf(player);
    if (pin === null) throw new DomainError(ErrorCode.NotFound, undefined, 'No PIN is kept to show: ask us for it.');
    await this.#audit.write(
      { type: AuditType.PinShown, username: player.username, ip, playerId: player.id, detail: { success: true } },
      this.#now(),
    );
    return { pin };
  }

  /**
   * 40001 when `password` is not the player's. After `wrongPasswordLimit.max` wrong ones within the
   * window, 42900 until the window ends, even for the right one: a stolen session cannot guess the
   * password. Attempts are counted before the password is checked (AttemptLimiter), so parallel guesses
   * get no more checks (docs/auth.md).
   */
  async #checkPassword(player: Player, password: string, who: Omit<AuditEvent, 'detail'>): Promise<void> {
    const key = passwordChangeAttempts(player.id);
    const rule = { ...this.#wrongPasswordLimit, blockMinutes: null };
    const tooMany = async () => {
      await this.#audit.write({ ...who, detail: { success: false, reason: 'too many wrong old passwords' } }, this.#now());
      return new DomainError(ErrorCode.TooManyRequests, undefined, 'Too many wrong passwords. Try again later.');
    };
    const claim = await this.#attempts.claim(key, rule);
    if (!claim.granted) throw await tooMany();
    if (!(await verifyPassword(player.passwordHash, password))) {
      await this.#attempts.failed(key, rule);
      await this.#audit.write({ ...who, detail: { success: false, reason: 'old password is wrong' } }, this.#now());
      throw new DomainError(ErrorCode.OldPasswordWrong);
    }
    if (!(await this.#attempts.succeeded(key, claim))) throw await tooMany();
  }

  /** POST /api/auth/user/update: what is given replaces what is stored; the rest stays. */
  async update(playerId: number, update: UserUpdate): Promise<AccountUser> {
    const player = await this.#player(playerId);
    await this.#db.transaction(async (tx) => {
      if (update.shortcuts) await this.#players.setShortcuts(playerId, update.shortcuts, tx);
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
    if (!player) throw new DomainError(ErrorCode.SignatureNotVerified);
    return player;
  }

  async #settings(playerId: number): Promise<UserSettings> {
    const [row] = await this.#db
      .select({ settings: playerSettings.settings })
      .from(playerSettings)
      .where(eq(playerSettings.playerId, playerId));
    // Stored by an older schema or by hand: what no longer parses is dropped rather than failing the page.
    const parsed = userSettings.safeParse(row?.settings ?? {});
    return parsed.success ? parsed.data : {};
  }
}

export function toAccountUser(player: Player, settings: UserSettings): AccountUser {
  return { ...toUserData(player), settings };
}
