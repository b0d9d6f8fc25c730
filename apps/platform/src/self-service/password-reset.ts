import {
  AuditType,
  ErrorCode,
  type CheckYourMailAnswer,
  type LanguageId,
  type ResetPasswordAnswer,
  type ResetTokenCheckAnswer,
} from '@reelcast/protocol';
import { DomainError, hashPassword } from '../shared/index.ts';
import { checkNewPassword } from './new-password.ts';
import { checkYourMail, type SelfServiceContext } from './self-service-context.ts';

/**
 * Password reset by a mailed link (docs/self-service.md): the request answers the same whatever the
 * accounts are; the link works once, for RESET_TOKEN_MINUTES; setting the password signs the player out
 * everywhere and lifts a login block.
 */
export class PasswordReset {
  readonly #c: SelfServiceContext;

  constructor(context: SelfServiceContext) {
    this.#c = context;
  }

  /** 202 at once, for a username or an address, known or not; the lookup and the mail come after. */
  request(login: string, language: LanguageId | undefined): CheckYourMailAnswer {
    this.#c.work.run(() => this.#follow(login, language ?? 'tr'));
    return checkYourMail;
  }

  async #follow(login: string, language: LanguageId): Promise<void> {
    const { players, tokens, config, links } = this.#c;
    const player = await players.findByLogin(login);
    if (!player) return;
    const { token } = await tokens.issueReset(player, config.resetTokenMinutes);
    const mail = {
      kind: 'reset-password',
      username: player.username,
      link: links.resetPassword(token),
      minutes: config.resetTokenMinutes,
    } as const;
    await this.#c.send(player.email, mail, language);
    await tokens.prune();
  }

  /** Whether the link still works, so the page can say so before the player types. */
  async check(token: string): Promise<ResetTokenCheckAnswer> {
    const row = await this.#c.tokens.live('reset', token);
    return { valid: row !== undefined, expiresAt: row?.expiresAt.toISOString() ?? null };
  }

  /**
   * Sets the new password. 410 / 41001 for a link that does not work (expired, used, replaced, unknown);
   * 400 / 40101 or 40102 for a weak password, the link left working. Of any number of uses at once,
   * exactly one succeeds: the link is spent in the transaction that sets the password and revokes the sessions.
   */
  async reset(token: string, password: string, ip: string): Promise<ResetPasswordAnswer> {
    const { db, tokens, players, revocations, audit, auth, clock } = this.#c;
    const row = await tokens.live('reset', token);
    const player = row?.playerId ? await players.byId(row.playerId) : undefined;
    if (!player) throw new DomainError(ErrorCode.MailLinkInvalid);
    const who = { type: AuditType.ChangedPassword, username: player.username, ip, playerId: player.id };
    try {
      checkNewPassword(password, player);
    } catch (error) {
      await audit.write({ ...who, detail: { success: false, via: 'reset link', reason: 'weak password' } }, clock());
      throw error;
    }
    const passwordHash = await hashPassword(password);
    const now = clock();
    const revoked = await db.transaction(async (tx) => {
      if (!(await tokens.spend('reset', token, tx))) throw new DomainError(ErrorCode.MailLinkInvalid);
      await players.setPasswordHash(player.id, passwordHash, tx);
      return revocations.revokeOthers(player.id, null, now, tx);
    });
    await revocations.ended(player.id, revoked);
    await auth.unlock(player.username);
    await audit.write({ ...who, detail: { success: true, via: 'reset link', revokedSessions: revoked.length } }, now);
    return { status: true, code: ErrorCode.Success, username: player.username, revokedSessions: revoked.length, next: 'login' };
  }
}
