import { ErrorCode, type CheckYourMailAnswer, type LanguageId } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import type { AuthService, Revocations } from '../auth/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { PendingRegistration } from '../db/schema.ts';
import type { PlayersService } from '../players/index.ts';
import type { Clock } from '../shared/index.ts';
import type { BackgroundWork } from './background-work.ts';
import type { MailTokens } from './mail-tokens.ts';
import type { SelfServiceMail } from './self-service-mails.ts';

/** The one answer of a registration or reset request that passed the form's checks (202). */
export const checkYourMail: CheckYourMailAnswer = { status: true, code: ErrorCode.Success, next: 'mail-confirm' };

/** The portal pages the mails link to, at PUBLIC_URL. */
export interface MailLinks {
  confirmRegistration(token: string): string;
  resetPassword(token: string): string;
  register(): string;
}

/** The player's own limits as registration sets them (player protection gives it). */
export interface RegistrationLimits {
  /** Settings.json `playerProtection.limitsMandatory`. */
  limitsMandatory(): Promise<boolean>;
  changeLimits(
    actor: { id: number; username: string; ip: string },
    change: { limits: NonNullable<PendingRegistration['limits']> },
    db: Db,
  ): Promise<void>;
}

/** What registration and password reset share (built by SelfService). */
export interface SelfServiceContext {
  db: Db;
  config: Config;
  clock: Clock;
  players: PlayersService;
  auth: AuthService;
  audit: AuditLog;
  revocations: Revocations;
  tokens: MailTokens;
  limits: RegistrationLimits;
  work: BackgroundWork;
  links: MailLinks;
  send(to: string, mail: SelfServiceMail, language: LanguageId): Promise<void>;
}
