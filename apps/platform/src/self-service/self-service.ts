import { NEW_PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, type RegistrationState } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import type { AuthService, Revocations } from '../auth/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { MailLogger, MailTransport } from '../mail/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { Clock } from '../shared/index.ts';
import { BackgroundWork } from './background-work.ts';
import { MailTokens } from './mail-tokens.ts';
import { PasswordReset } from './password-reset.ts';
import { Registration } from './registration.ts';
import { composeMail } from './self-service-mails.ts';
import type { MailLinks, RegistrationLimits, SelfServiceContext } from './self-service-context.ts';

/**
 * Self-service accounts (docs/self-service.md): registration confirmed by mail and password reset by a
 * mailed link, with the mail transport they send through (SMTP, or the outbox folder).
 */
export class SelfService {
  readonly registration: Registration;
  readonly passwordReset: PasswordReset;
  readonly mail: MailTransport;
  readonly #config: Config;
  readonly #work: BackgroundWork;
  readonly #log: MailLogger;
  readonly #limits: RegistrationLimits;

  constructor(deps: {
    db: Db;
    config: Config;
    clock: Clock;
    players: PlayersService;
    auth: AuthService;
    audit: AuditLog;
    revocations: Revocations;
    limits: RegistrationLimits;
    mail: MailTransport;
    /** For failed mails. */
    log: MailLogger;
    /** Where the mailed links point: PUBLIC_URL, or the running platform's own address once it listens. */
    publicUrl: () => string;
  }) {
    this.#config = deps.config;
    this.mail = deps.mail;
    this.#log = deps.log;
    this.#limits = deps.limits;
    this.#work = new BackgroundWork((error) => this.#log.error({ err: error }, 'a registration or password reset mail failed'));
    const page = (path: string) => `${deps.publicUrl().replace(/\/+$/, '')}/pages/auth/${path}`;
    const links: MailLinks = {
      confirmRegistration: (token) => page(`mail-confirm?token=${token}`),
      resetPassword: (token) => page(`reset-password?token=${token}`),
      register: () => page('register'),
    };
    const context: SelfServiceContext = {
      ...deps,
      tokens: new MailTokens(deps.db, deps.clock),
      work: this.#work,
      limits: deps.limits,
      links,
      send: async (to, mail, language) => {
        await this.mail.send(composeMail(to, mail, language));
      },
    };
    this.registration = new Registration(context);
    this.passwordReset = new PasswordReset(context);
  }

  /** GET /api/auth/register: whether registration is open, and the form's rules. */
  async state(): Promise<RegistrationState> {
    return {
      limitsMandatory: await this.#limits.limitsMandatory(),
      open: this.#config.registrationOpen,
      passwordMinLength: NEW_PASSWORD_MIN_LENGTH,
      usernameMinLength: USERNAME_MIN_LENGTH,
      usernameMaxLength: USERNAME_MAX_LENGTH,
    };
  }

  /** Resolves when the work started by earlier requests (lookups, links, mails) is done. */
  settled(): Promise<void> {
    return this.#work.settled();
  }

  async close(): Promise<void> {
    await this.#work.settled();
    this.mail.close();
  }
}
