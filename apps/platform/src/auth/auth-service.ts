import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { AuditType, ErrorCode, UI_VERSION, type LoginAnswer, type TokenClaims } from '@reelcast/protocol';
import type { Bus } from '../bus/bus.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { authSessions, players } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Player, PlayersService } from '../players/players-service.ts';
import type { AuditLog } from './audit.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import type { TokenSigner } from './tokens.ts';

export interface LoginInput {
  username: string;
  password: string;
  siteId?: string | number;
  ip: string;
  userAgent: string;
}

export type Clock = () => Date;

const MINUTE = 60_000;

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
  readonly #bus: Bus;

  constructor(deps: { db: Db; players: PlayersService; audit: AuditLog; tokens: TokenSigner; config: Config; clock: Clock; bus: Bus }) {
    this.#db = deps.db;
    this.#players = deps.players;
    this.#audit = deps.audit;
    this.#tokens = deps.tokens;
    this.#config = deps.config;
    this.#now = deps.clock;
    this.#bus = deps.bus;
  }

  async login(input: LoginInput): Promise<LoginAnswer> {
    const now = this.#now();
    const attempt = { username: input.username, ip: input.ip, detail: { site_id: input.siteId ?? null } };
    const player = await this.#players.findByLogin(input.username);
    if (!player) {
      await burnPasswordCheck(input.password);
      await this.#audit.write({ ...attempt, type: AuditType.LoginFail, detail: { ...attempt.detail, reason: 'unknown user' } }, now);
      throw new ApiError(401, ErrorCode.UnknownUser);
    }
    const who = { ...attempt, playerId: player.id };

    if (player.blockedUntil && player.blockedUntil > now) {
      await this.#audit.write({ ...who, type: AuditType.TemporaryBlocked }, now);
      throw new ApiError(403, ErrorCode.AccountBlocked, { block_time: minutesLeft(player.blockedUntil, now) });
    }

    if (!(await verifyPassword(player.passwordHash, input.password))) {
      throw await this.#wrongPassword(player, who, now);
    }
    if (player.bannedAt) {
      await this.#audit.write({ ...who, type: AuditType.NotAllowed, detail: { ...who.detail, reason: 'banned' } }, now);
      throw new ApiError(403, ErrorCode.Banned);
    }
    if (player.allowedIps && !player.allowedIps.includes(input.ip)) {
      await this.#audit.write({ ...who, type: AuditType.NotAllowed, detail: { ...who.detail, reason: 'ip' } }, now);
      throw new ApiError(403, ErrorCode.IpNotPermitted);
    }

    const { token } = await this.#openSession(player, input, now);
    await this.#db
      .update(players)
      .set({ failedLogins: 0, failedWindowStart: null, blockedUntil: null, lastLogonAt: now, lastLogonIp: input.ip })
      .where(eq(players.id, player.id));
    await this.#audit.write({ ...who, type: AuditType.Success }, now);
    return {
      token,
      pin_code: player.pinCode,
      ip_address: input.ip,
      versions: UI_VERSION,
      last_logon: player.lastLogonAt?.toISOString() ?? null,
      last_logon_ip: player.lastLogonIp,
    };
  }

  async #wrongPassword(player: Player, who: { username: string; ip: string; playerId: number }, now: Date): Promise<ApiError> {
    const windowStart = new Date(now.getTime() - this.#config.loginWindowMinutes * MINUTE);
    // One statement, so concurrent wrong passwords each count.
    const [counted] = await this.#db
      .update(players)
      .set({
        failedLogins: sql`case when ${players.failedWindowStart} is null or ${players.failedWindowStart} < ${windowStart} then 1 else ${players.failedLogins} + 1 end`,
        failedWindowStart: sql`case when ${players.failedWindowStart} is null or ${players.failedWindowStart} < ${windowStart} then ${now} else ${players.failedWindowStart} end`,
      })
      .where(eq(players.id, player.id))
      .returning({ failedLogins: players.failedLogins });
    const failures = counted?.failedLogins ?? 1;
    const blockTime = this.#config.loginBlockMinutes;
    await this.#audit.write({ ...who, type: AuditType.LoginFail, detail: { failures } }, now);
    if (failures >= this.#config.loginMaxFailures) {
      const blockedUntil = new Date(now.getTime() + blockTime * MINUTE);
      await this.#db
        .update(players)
        .set({ blockedUntil, failedLogins: 0, failedWindowStart: null })
        .where(eq(players.id, player.id));
      await this.#audit.write({ ...who, type: AuditType.TemporaryBlocked, detail: { until: blockedUntil.toISOString() } }, now);
      return new ApiError(403, ErrorCode.AccountBlocked, { block_time: blockTime });
    }
    return new ApiError(401, ErrorCode.WrongPassword, {
      left_count: this.#config.loginMaxFailures - failures,
      block_time: blockTime,
    });
  }

  async #openSession(player: Player, input: { ip: string; userAgent: string }, now: Date) {
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
      .innerJoin(players, eq(players.id, authSessions.playerId))
      .where(and(inArray(authSessions.id, [...sessionIds]), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, this.#now()), isNull(players.bannedAt)));
    return new Set(rows.map((r) => r.id));
  }

  /** GET /validate: a fresh token for the same session, its lifetime renewed. */
  async refresh(claims: TokenClaims, ip: string): Promise<{ token: string; pin_code: string | null }> {
    const now = this.#now();
    const player = await this.#players.byId(claims.id);
    if (!player) throw new ApiError(401, ErrorCode.SignatureNotVerified);
    const expiresAt = new Date(now.getTime() + this.#config.tokenTtlMinutes * MINUTE);
    await this.#db.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, claims.jti));
    await this.#audit.write({ type: AuditType.CheckSuccess, username: player.username, ip, playerId: player.id }, now);
    return { token: await this.#tokens.sign(subjectOf(player, claims.jti), expiresAt, now), pin_code: player.pinCode };
  }

  /** Revokes the session; its notification sockets close. */
  async logout(claims: TokenClaims, ip: string): Promise<void> {
    const now = this.#now();
    await this.#db.update(authSessions).set({ revokedAt: now }).where(eq(authSessions.id, claims.jti));
    await this.#audit.write({ type: AuditType.Logout, username: claims.username, ip, playerId: claims.id }, now);
    this.#bus.publish('revoked', { sessionIds: [claims.jti] });
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
    Group: player.groupId,
    Permissions: player.permissions,
    jti,
  };
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}
