import type { AuditItem, ConsolePlayer, PlayerDetailAnswer } from '@reelcast/protocol';
import type { AuditLog, AuditRow } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { Player, PlayersService } from '../players/index.ts';
import type { ProtectionService } from '../protection/index.ts';
import { notFound } from '../shared/index.ts';
import type { Ledger } from '../wallet/index.ts';

/** What the player page reads, each from its owner (docs/architecture.md "Tables"). */
export interface PlayerFileSources {
  players: Pick<PlayersService, 'byId' | 'byIds' | 'search'>;
  ledger: Pick<Ledger, 'balance'>;
  auth: Pick<AuthService, 'signInHistory' | 'lockedUntil'>;
  protection: Pick<ProtectionService, 'status' | 'exclusionsOf'>;
  audit: Pick<AuditLog, 'about'>;
}

const SEARCH_LIMIT = 20;
const SIGN_INS = 20;
const AUDIT_ENTRIES = 50;

/** The console's players (docs/console.md "Players"): the search, and the player page. */
export class PlayerFile {
  readonly #s: PlayerFileSources;

  constructor(sources: PlayerFileSources) {
    this.#s = sources;
  }

  async search(text: string): Promise<ConsolePlayer[]> {
    return (await this.#s.players.search(text, SEARCH_LIMIT)).map(consolePlayerOf);
  }

  async require(playerId: number): Promise<Player> {
    const player = await this.#s.players.byId(playerId);
    if (!player) throw notFound('No such player.');
    return player;
  }

  /** Everything of the page but the sessions and transactions, which page on their own routes. */
  async detail(playerId: number): Promise<PlayerDetailAnswer> {
    const player = await this.require(playerId);
    const [balance, lockedUntil, protection, exclusions, signIns, audit] = await Promise.all([
      this.#s.ledger.balance(playerId),
      this.#s.auth.lockedUntil(playerId),
      this.#s.protection.status(playerId),
      this.#s.protection.exclusionsOf(playerId),
      this.#s.auth.signInHistory(playerId, SIGN_INS),
      this.#s.audit.about(playerId, AUDIT_ENTRIES),
    ]);
    return {
      player: consolePlayerOf(player),
      balance,
      lockedUntil: lockedUntil?.toISOString() ?? null,
      protection,
      exclusions,
      signIns: signIns.map((signIn) => ({
        at: signIn.at.toISOString(),
        ip: signIn.ip,
        userAgent: signIn.userAgent,
        expiresAt: signIn.expiresAt.toISOString(),
        revokedAt: signIn.revokedAt?.toISOString() ?? null,
      })),
      audit: await this.auditItems(audit),
    };
  }

  /** Audit rows with the username of the player each is about. */
  async auditItems(rows: AuditRow[]): Promise<AuditItem[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.playerId === null ? [] : [row.playerId])))];
    const names = new Map((await this.#s.players.byIds(ids)).map((player) => [player.id, player.username]));
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      type: row.type,
      username: row.username,
      ip: row.ip,
      playerId: row.playerId,
      player: row.playerId === null ? null : (names.get(row.playerId) ?? null),
      detail: row.detail,
    }));
  }
}

export function consolePlayerOf(player: Player): ConsolePlayer {
  return {
    id: player.id,
    username: player.username,
    name: player.name,
    lastname: player.lastname,
    email: player.email,
    role: player.role,
    createdAt: player.createdAt.toISOString(),
    bannedAt: player.bannedAt?.toISOString() ?? null,
    banReason: player.banReason,
    lastLogonAt: player.lastLogonAt?.toISOString() ?? null,
    lastLogonIp: player.lastLogonIp,
    hasPin: player.pinCode !== null,
  };
}
