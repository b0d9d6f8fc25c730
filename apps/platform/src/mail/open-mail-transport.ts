import type { Config } from '../config.ts';
import { resolveDataPath } from '../config.ts';
import type { MailLogger, MailTransport } from './mail-transport.ts';
import { OutboxTransport } from './outbox-transport.ts';
import { SmtpTransport } from './smtp-transport.ts';

/** The sender when MAIL_FROM is not set: no-reply at PUBLIC_URL's host. */
export function defaultMailFrom(config: Pick<Config, 'publicUrl'>): string {
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost';
  return `Reelcast <no-reply@${host}>`;
}

/** SMTP when SMTP_URL is set, else the outbox folder {DATA_DIR}/outbox (docs/self-service.md). */
export function openMailTransport(config: Config, log?: MailLogger): MailTransport {
  const from = config.mailFrom ?? defaultMailFrom(config);
  return config.smtpUrl ? new SmtpTransport(config.smtpUrl, from) : new OutboxTransport(resolveDataPath(config, 'outbox'), from, log);
}
