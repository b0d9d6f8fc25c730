import { AuditType, ErrorCode, type AuditType as AuditTypeName, type PlayerRole } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { Player, PlayersService } from '../players/index.ts';
import { DomainError, invalidRequest, type Clock } from '../shared/index.ts';
import type { Actor } from './console-actions.ts';

/** A member of the team acting on a player: who (their id and role, for the rights below), from where, why. */
export interface Member extends Actor {
  id: number;
  role: PlayerRole;
}

export interface PlayerActionsDeps {
  players: Pick<PlayersService, 'ban' | 'unban' | 'setPin' | 'byId'>;
  auth: Pick<AuthService, 'unlock'>;
  audit: Pick<AuditLog, 'write'>;
  clock: Clock;
}

/**
 * The console's actions on a player (docs/console.md "Players"): the services the CLI's `reelcast player
 * ban | unlock | set-pin` run, each written to the audit log with who did it and why. Staff act on
 * players; an account of the team (staff, admin) only an admin may change. No one bans themselves.
 */
export class PlayerActions {
  readonly #d: PlayerActionsDeps;

  constructor(deps: PlayerActionsDeps) {
    this.#d = deps;
  }

  /** Banned: signing in answers 10704 and every channel of the player ends at once (auth's revocations). */
  async ban(target: Player, member: Member): Promise<Player> {
    this.#mayChange(target, member);
    if (target.id === member.id) throw invalidRequest('You cannot ban yourself.');
    const banned = await this.#d.players.ban(target.username, member.reason, this.#d.clock());
    await this.#audit(AuditType.Banned, member, target.id, { wasBanned: target.bannedAt !== null });
    return banned;
  }

  async unban(target: Player, member: Member): Promise<Player> {
    this.#mayChange(target, member);
    const lifted = await this.#d.players.unban(target.username);
    await this.#audit(AuditType.Unbanned, member, target.id, { wasBanned: target.bannedAt !== null });
    return lifted;
  }

  /** Clears the login block after wrong passwords (and their count). */
  async unlock(target: Player, member: Member): Promise<Player> {
    this.#mayChange(target, member);
    await this.#d.auth.unlock(target.username);
    await this.#audit(AuditType.Unlocked, member, target.id, {});
    return target;
  }

  /** Sets the idle-lock PIN, or removes it (null). The audit log says which, never the PIN. */
  async setPin(target: Player, pin: string | null, member: Member): Promise<Player> {
    this.#mayChange(target, member);
    const changed = await this.#d.players.setPin(target.username, pin);
    await this.#audit(AuditType.PinChanged, member, target.id, { pin: pin === null ? 'removed' : 'set' });
    return changed;
  }

  #mayChange(target: Player, member: Member): void {
    if (target.role !== 'user' && member.role !== 'admin')
      throw new DomainError(ErrorCode.RoleRequired, undefined, 'Only an admin may change an account of the team.');
  }

  #audit(type: AuditTypeName, member: Member, playerId: number, detail: Record<string, unknown>): Promise<void> {
    return this.#d.audit.write(
      { type, username: member.username, ip: member.ip, playerId, detail: { ...detail, reason: member.reason } },
      this.#d.clock(),
    );
  }
}
