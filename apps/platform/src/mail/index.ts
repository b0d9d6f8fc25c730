export { silentLogger, type Delivery, type MailLogger, type MailTransport, type OutgoingMail } from './mail-transport.ts';
export { defaultMailFrom, openMailTransport } from './open-mail-transport.ts';
export { OutboxTransport } from './outbox-transport.ts';
export { SmtpTransport } from './smtp-transport.ts';
