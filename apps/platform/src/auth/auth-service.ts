import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { AuditType, ErrorCode, UI_VERSION, type LoginAnswer, type TokenClaims } from '@reelcast/protocol';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { authSessions } from '../db/schema.ts';
import { burnPasswordCheck, DomainError, verifyPassword, type Clock } from '../shared/index.ts';
import { playerNotBanned, pinVerifierOf, type Player, type PlayersService } from '../players/index.ts';
import { loginAttempts, type AttemptLimiter, type AttemptRule } from './attempt-limiter.ts';
import type { AuditEvent, AuditLog } from '../audit/index.ts';
import type { Revocations } from './revocations.ts';
import type { TokenSigner } from './tokens.ts';

/** Where and when a session signed in. */
export interface SignIn {
  ip: string;
  createdAt: Date;
}

export interface LoginInput {
  username: string;
  password: string;
  siteId?: string | number;
  ip: string;
  userAgent: string;
}

const MINUTE = 60_000;

/** A time-out or self-exclusion in force (player protection answers it; auth/ does not read its tables). */
export interface SignInExclusions {
  activeExclusion(playerId: number, now: Date): Promise<{ kind: 'time-out' | 'self-exclusion'; until: Date } | null>;
}

/**
 * Sign-in, token checks and logout. The rules (docs/auth.md): a wrong password counts toward
 * `loginMaxFailures` within `loginWindowMinutes`; reaching it blocks the account for
 * `loginBlockMinutes`; unknown users cost one password hash like known ones.
 */
export class AuthService {
  readonly #db: Db;
  readonly #players: PlayersService;
  readonly #audit: AuditLog;
  readonly #tokens: TokenSigner;
  readonly #config: Config;
  readonly #now: Clock;
  readonly #revocations: Revocations;
  readonly #attempts: AttemptLimiter;
  readonly #exclusions: SignInExclusions;

  constructor(deps: {
    db: Db;
    players: PlayersService;
    audit: AuditLog;
    tokens: TokenSigner;
    config: Config;
    clock: Clock;
    revocations: Revocations;
    attempts: AttemptLimiter;
    exclusions: SignInExclusions;
  }) {
    this.#db = deps.db;
    this.#players = deps.players;
    this.#audit = deps.audit;
    this.#tokens = deps.tokens;
    this.#config = deps.config;
    this.#now = deps.clock;
    this.#revocations = deps.revocations;
    this.#attempts = deps.attempts;
    this.#exclusions = deps.exclusions;
  }

  async login(input: LoginInput): Promise<LoginAnswer> {
    const now = this.#now();
    const attempt = { username: input.username, ip: input.ip, detail: { site_id: input.siteId ?? null } };
    const player = await this.#players.findByLogin(input.username);
    if (!player) {
      await burnPasswordCheck(input.password);
      await this.#audit.write({ ...attempt, type: AuditType.LoginFail, detail: { ...attempt.detail, reason: 'unknown user' } }, now);
      throw new DomainError(ErrorCode.UnknownUser);
    }
    const who = { ...attempt, playerId: player.id };
    const key = loginAttempts(player.id);
    const rule = this.#loginRule();

    // Counted before the password is checked: a burst of guesses gets at most `max` checks.
    const claim = await this.#attempts.claim(key, rule);
    if (!claim.granted) throw await this.#blocked(who, claim.blockedUntil, now);
    if (!(await verifyPassword(player.passwordHash, input.password))) {
      const failure = await this.#attempts.failed(key, rule);
      await this.#audit.write({ ...who, type: AuditType.LoginFail, detail: { ...who.detail, failures: failure.failures } }, now);
      if (failure.blockedUntil) throw await this.#blocked(who, failure.blockedUntil, now, true);
      throw new DomainError(ErrorCode.WrongPassword, {
        left_count: rule.max - failure.failures,
        block_time: this.#config.loginBlockMinutes,
      });
    }
    // A block that guesses earned while this one was checked stands, right password or not.
    if (!(await this.#attempts.succeeded(key, claim))) throw await this.#blocked(who, null, now);
    if (player.bannedAt) {
      await this.#audit.write({ ...who, type: AuditType.NotAllowed, detail: { ...who.detail, reason: 'banned' } }, now);
      throw new DomainError(ErrorCode.Banned);
    }
    const exclusion = await this.#exclusions.activeExclusion(player.id, now);
    if (exclusion) {
      await this.#audit.write({ ...who, type: AuditType.NotAllowed, detail: { ...who.detail, reason: exclusion.kind } }, now);
      throw new DomainError(exclusion.kind === 'time-out' ? ErrorCode.TimedOut : ErrorCode.SelfExcluded, {
        until: exclusion.until.toISOString(),
      });
    }
    if (player.allowedIps && !player.allowedIps.includes(input.ip)) {
      await this.#audit.write({ ...who, type: AuditType.NotAllowed, detail: { ...who.detail, reason: 'ip' } }, now);
      throw new DomainError(ErrorCode.IpNotPermitted);
    }

    const { token } = await this.#openSignInSession(player, input, now);
    await this.#players.recordSignIn(player.id, now, input.ip);
    await this.#audit.write({ ...who, type: AuditType.Success }, now);
    return {
      token,
      pin_code: pinVerifierOf(player),
      ip_address: input.ip,
      versions: UI_VERSION,
      last_logon: player.lastLogonAt?.toISOString() ?? null,
      last_logon_ip: player.lastLogonIp,
      user: this.#players.userData(player),
    };
  }

  /** Clears a login block and the wrong-password count (`reelcast player unlock`). */
  async unlock(login: string): Promise<void> {
    const player = await this.#players.require(login);
    await this.#attempts.clear(loginAttempts(player.id));
  }

  #loginRule(): AttemptRule {
    const { loginMaxFailures: max, loginWindowMinutes: windowMinutes, loginBlockMinutes: blockMinutes } = this.#config;
    return { max, windowMinutes, blockMinutes };
  }

  /**
   * 10702 with the minutes left. `until` is null while the last allowed attempts are still being checked:
   * the account is as good as blocked for the block's length. `starts`: this failure started the block.
   */
  async #blocked(who: Omit<AuditEvent, 'type'>, until: Date | null, now: Date, starts = false): Promise<DomainError> {
    await this.#audit.write(
      { ...who, type: AuditType.TemporaryBlocked, detail: { ...who.detail, ...(starts && until ? { until: until.toISOString() } : {}) } },
      now,
    );
    // Counted from now, not from the request's start: the block began during the request (its password
    // check takes time), and "16 minutes" for a 15-minute block would be wrong.
    const blockTime = until ? minutesLeft(until, this.#now()) : this.#config.loginBlockMinutes;
    return new DomainError(ErrorCode.AccountBlocked, { block_time: blockTime });
  }

  async #openSignInSession(player: Player, input: { ip: string; userAgent: string }, now: Date) {
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + this.#config.tokenTtlMinutes * MINUTE);
    await this.#db.insert(authSessions).values({
      id,
      playerId: player.id,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 512),
      createdAt: now,
      expiresAt,
    });
    const token = await this.#tokens.sign(subjectOf(player, id), expiresAt, now);
    return { id, token };
  }

  /**
   * The claims of a token that is signed by us, unexpired and not logged out; else null.
   * Banned players' tokens stop working at once.
   */
  async authenticate(token: string): Promise<TokenClaims | null> {
    const claims = await this.#tokens.verify(token, this.#now());
    if (!claims) return null;
    return (await this.liveSessions([claims.jti])).has(claims.jti) ? claims : null;
  }

  /** Which of these sessions (token jti) are live: not logged out, not expired, player not banned. */
  async liveSessions(sessionIds: readonly string[]): Promise<Set<string>> {
    if (!sessionIds.length) return new Set();
    const rows = await this.#db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(
        and(
          inArray(authSessions.id, [...sessionIds]),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, this.#now()),
          playerNotBanned(authSessions.playerId),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** The player's last sign-ins, newest first (the console's player page). */
  async signInHistory(playerId: number, limit: number) {
    return this.#db
      .select({
        at: authSessions.createdAt,
        ip: authSessions.ip,
        userAgent: authSessions.userAgent,
        expiresAt: authSessions.expiresAt,
        revokedAt: authSessions.revokedAt,
      })
      .from(authSessions)
      .where(eq(authSessions.playerId, playerId))
      .orderBy(desc(authSessions.createdAt))
      .limit(limit);
  }

  /** Until when wrong passwords block the player's sign-in, or null. */
  lockedUntil(playerId: number): Promise<Date | null> {
    return this.#attempts.blockedUntil(loginAttempts(playerId), this.#now());
  }

  /** The sign-in of this token's session, and the player's sign-in before it (the profile's IP and LastLogon). */
  async signInsAround(claims: TokenClaims): Promise<{ current?: SignIn; previous?: SignIn }> {
    const signIn = { ip: authSessions.ip, createdAt: authSessions.createdAt };
    const [current] = await this.#db.select(signIn).from(authSessions).where(eq(authSessions.id, claims.jti));
    if (!current) return {};
    const [previous] = await this.#db
      .select(signIn)
      .from(authSessions)
      .where(and(eq(authSessions.playerId, claims.id), lt(authSessions.createdAt, current.createdAt)))
      .orderBy(desc(authSessions.createdAt))
      .limit(1);
    return { current, previous };
  }

  /** GET /validate: a fresh token for the same session, its lifetime renewed. */
  async refresh(claims: TokenClaims, ip: string): Promise<{ token: string; pin_code: string | null }> {
    const now = this.#now();
    const player = await this.#players.byId(claims.id);
    if (!player) throw new DomainError(ErrorCode.SignatureNotVerified);
    const expiresAt = new Date(now.getTime() + this.#config.tokenTtlMinutes * MINUTE);
    await this.#db.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, claims.jti));
    await this.#audit.write({ type: AuditType.CheckSuccess, username: player.username, ip, playerId: player.id }, now);
    return { token: await this.#tokens.sign(subjectOf(player, claims.jti), expiresAt, now), pin_code: pinVerifierOf(player) };
  }

  /** Revokes the session; its notification sockets, game sockets and video end (revocations.ts). */
  async logout(claims: TokenClaims, ip: string): Promise<void> {
    const now = this.#now();
    await this.#db.update(authSessions).set({ revokedAt: now }).where(eq(authSessions.id, claims.jti));
    await this.#audit.write({ type: AuditType.Logout, username: claims.username, ip, playerId: claims.id }, now);
    await this.#revocations.ended(claims.id, [claims.jti]);
  }

  /** A login request refused as malformed (status 400, 413 or 415): `login fail`, with what can be read of it. */
  async auditInvalidLogin(body: unknown, ip: string, status: number): Promise<void> {
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const username = typeof fields.username === 'string' ? fields.username : '';
    const siteId =
      typeof fields.site_id === 'string' ? fields.site_id.slice(0, 64) : typeof fields.site_id === 'number' ? fields.site_id : null;
    await this.#audit.write(
      { type: AuditType.LoginFail, username, ip, detail: { reason: 'invalid request', status, site_id: siteId } },
      this.#now(),
    );
  }

  async auditCheckFail(ip: string, reason: string): Promise<void> {
    await this.#audit.write({ type: AuditType.CheckFail, username: '', ip, detail: { reason } }, this.#now());
  }
}

export function subjectOf(player: Player, jti: string) {
  return {
    id: player.id,
    username: player.username,
    name: player.name,
    lastname: player.lastname,
    email: player.email,
    type: player.type,
    role: [player.role],
    Group: player.groupId,
    Permissions: player.permissions,
    jti,
  };
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}
