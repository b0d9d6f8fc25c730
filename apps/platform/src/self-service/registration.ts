import { AuditType, ErrorCode, type CheckYourMailAnswer, type LanguageId, type RegisterConfirmAnswer } from '@reelcast/protocol';
import { isUniqueViolation } from '../db/index.ts';
import type { PendingRegistration } from '../db/schema.ts';
import { DomainError, hashPassword } from '../shared/index.ts';
import { refuseTeamNames } from '../players/index.ts';
import { checkNewPassword } from './new-password.ts';
import { checkYourMail, type SelfServiceContext } from './self-service-context.ts';

/** A registration form that passed its schema (packages/protocol registerRequest). */
export interface RegisterForm {
  username: string;
  email: string;
  password: string;
  name?: string;
  lastname?: string;
  language?: LanguageId;
  limits?: PendingRegistration['limits'];
}

/**
 * Registration confirmed by mail (docs/self-service.md). The answer to a form is the same whatever the
 * accounts are; the mail to its address says what happened: a link that opens the account, or that the
 * address already has one (with a reset link), or that the username is taken.
 */
export class Registration {
  readonly #c: SelfServiceContext;

  constructor(context: SelfServiceContext) {
    this.#c = context;
  }

  /** 403 / 40311 while REGISTRATION_OPEN is off; 400 for a name of the team or a weak password; else 202 and the rest by mail. */
  async register(form: RegisterForm, ip: string): Promise<CheckYourMailAnswer> {
    const { config, audit, clock, work } = this.#c;
    if (!config.registrationOpen) {
      await audit.write({ type: AuditType.NotAllowed, username: form.username, ip, detail: { reason: 'registration closed' } }, clock());
      throw new DomainError(ErrorCode.RegistrationClosed);
    }
    // Checked before the answer, as the schema's rules are: a name of the team is the form's fault.
    refuseTeamNames(form, 'body.');
    checkNewPassword(form.password, form);
    if (await this.#c.limits.limitsMandatory()) {
      const missing = (['cashInDay', 'cashInWeek', 'cashInMonth'] as const).find((key) => typeof form.limits?.[key] !== 'number');
      if (missing)
        throw new DomainError(
          ErrorCode.InvalidRequest,
          { field: `body.limits.${missing}` },
          'Give a daily, weekly and monthly cash-in limit.',
        );
    }
    work.run(() => this.#follow(form));
    return checkYourMail;
  }

  /** After the answer: the same hashing on every path, then the one mail that fits. */
  async #follow(form: RegisterForm): Promise<void> {
    const { players, tokens, config, links } = this.#c;
    const language = form.language ?? 'tr';
    const passwordHash = await hashPassword(form.password);
    const found = await players.findByLogin(form.email);
    const owner = found && found.email.toLowerCase() === form.email.toLowerCase() ? found : undefined;
    if (owner) {
      const { token } = await tokens.issueReset(owner, config.resetTokenMinutes);
      const mail = {
        kind: 'account-exists',
        username: owner.username,
        link: links.resetPassword(token),
        minutes: config.resetTokenMinutes,
      } as const;
      await this.#c.send(owner.email, mail, language);
      return;
    }
    if (await players.findByLogin(form.username)) {
      await this.#c.send(form.email, { kind: 'username-taken', username: form.username, link: links.register() }, language);
      return;
    }
    const pending: PendingRegistration = {
      username: form.username,
      name: form.name ?? '',
      lastname: form.lastname ?? '',
      passwordHash,
      language,
      ...(form.limits ? { limits: form.limits } : {}),
    };
    const { token } = await tokens.issueRegistration(form.email, pending, config.registrationLinkHours);
    const mail = {
      kind: 'confirm-registration',
      username: form.username,
      link: links.confirmRegistration(token),
      hours: config.registrationLinkHours,
    } as const;
    await this.#c.send(form.email, mail, language);
    await tokens.prune();
  }

  /**
   * The mailed link was followed: the account opens with a wallet at 0 and the link is spent, in one
   * transaction. 410 / 41001 for a link that expired, was used or replaced; 409 / 40930 when the username
   * or the address got an account meanwhile (the link then stays unspent, and expires). Registration
   * closed since the mail: 403 / 40311, as for a new form.
   */
  async confirm(token: string): Promise<RegisterConfirmAnswer> {
    const { db, tokens, players, config } = this.#c;
    if (!config.registrationOpen) throw new DomainError(ErrorCode.RegistrationClosed);
    let pending: { email: string; username: string } | undefined;
    try {
      const player = await db.transaction(async (tx) => {
        const row = await tokens.spend('register', token, tx);
        if (!row?.registration) throw new DomainError(ErrorCode.MailLinkInvalid);
        const { username, name, lastname, passwordHash, limits } = row.registration;
        pending = { email: row.email, username };
        const created = await players.create({ username, email: row.email, passwordHash, name, lastname }, tx);
        if (limits) await this.#c.limits.changeLimits({ id: created.id, username, ip: '' }, { limits }, tx);
        return created;
      });
      return { status: true, code: ErrorCode.Success, username: player.username, next: 'login' };
    } catch (error) {
      const conflict = (error instanceof DomainError && error.code === ErrorCode.InvalidRequest) || isUniqueViolation(error);
      if (!pending || !conflict) throw error;
      const taken = (await players.findByLogin(pending.email)) ? 'email' : 'username';
      throw new DomainError(ErrorCode.AccountTaken, { taken });
    }
  }
}
