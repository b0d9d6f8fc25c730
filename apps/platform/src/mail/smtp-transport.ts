import type { Mail, SMTPSentMessageInfo, SMTPTransportOptions } from 'nodemailer';
import type { Delivery, MailTransport, OutgoingMail } from './mail-transport.ts';

/**
 * Mail handed to the operator's mail server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587;
 * STARTTLS when the server offers it, smtps:// for TLS from the start). A refusal rejects `send`.
 * nodemailer is loaded with the first mail: a platform or a CLI command that sends none never loads it.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  readonly #smtpUrl: string;
  readonly #from: string;
  #mailer: Promise<Mail<SMTPSentMessageInfo, SMTPTransportOptions>> | undefined;

  constructor(smtpUrl: string, from: string) {
    this.#smtpUrl = smtpUrl;
    this.#from = from;
  }

  async send(mail: OutgoingMail): Promise<Delivery> {
    this.#mailer ??= import('nodemailer').then(({ createTransport }) => createTransport(this.#smtpUrl));
    const mailer = await this.#mailer;
    const sent = await mailer.sendMail({ from: this.#from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return { via: 'smtp', messageId: sent.messageId };
  }

  close(): void {
    void this.#mailer?.then((mailer) => mailer.close());
  }
}
