import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Mail, StreamSentMessageInfo, StreamTransportOptions } from 'nodemailer';
import { silentLogger, type Delivery, type MailLogger, type MailTransport, type OutgoingMail } from './mail-transport.ts';

/**
 * Without a mail server: each mail is written to the outbox folder as an .eml file (a complete MIME
 * message any mail program opens), and its link is logged at info, so an operator can hand it over by
 * other means. The file appears whole (written aside, then renamed) and is readable by the platform's
 * user only: it carries a working link.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';
  readonly folder: string;
  /** Where each mail's link goes, for the operator to hand over. */
  readonly #log: MailLogger;
  #composer: Promise<Mail<StreamSentMessageInfo, StreamTransportOptions>> | undefined;
  readonly #from: string;

  constructor(folder: string, from: string, log: MailLogger = silentLogger) {
    this.#log = log;
    this.folder = folder;
    this.#from = from;
  }

  async send(mail: OutgoingMail): Promise<Delivery> {
    // nodemailer composes the message (MIME parts, encodings), loaded with the first mail.
    this.#composer ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const composer = await this.#composer;
    const composed = await composer.sendMail({ from: this.#from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await fs.mkdir(this.folder, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.folder, `${stamp}-${mail.purpose}-${randomBytes(4).toString('hex')}.eml`);
    const partial = `${file}.partial`;
    await fs.writeFile(partial, composed.message as Buffer, { mode: 0o600 });
    await fs.rename(partial, file);
    this.#log.info(
      { to: mail.to, purpose: mail.purpose, link: mail.link, file },
      `mail written to the outbox (no SMTP_URL): hand this link to ${mail.to}: ${mail.link}`,
    );
    return { via: 'outbox', file };
  }

  close(): void {
    void this.#composer?.then((composer) => composer.close());
  }
}
