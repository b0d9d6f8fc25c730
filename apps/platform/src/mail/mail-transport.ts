/** A mail of the platform: plain text and the same in simple HTML. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What the mail is for and the link it carries, for the log of a platform without a mail server: the
   * operator hands the link over by other means (docs/self-service.md).
   */
  purpose: string;
  link: string;
}

/** Where a mail went: handed to the mail server, or written to the outbox folder (the file). */
export type Delivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

/** How the platform sends mail: SMTP when SMTP_URL is set, else the outbox folder (open-mail-transport.ts). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<Delivery>;
  close(): void;
}

/** The platform's log as the mail and self-service code write to it (pino's signature). */
export interface MailLogger {
  info(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

export const silentLogger: MailLogger = { info: () => {}, error: () => {} };
