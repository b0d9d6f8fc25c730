import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { startTestPlatform, type TestPlatform, outboxMails, outboxOf, readMail, type ReadMail } from '@reelcast/testing';

/**
 * The mail transport (docs/self-service.md "Mail"): with SMTP_URL the mails go to that server, signed in
 * with the URL's user and password; without it they are written to {DATA_DIR}/outbox/ and their link is
 * logged at info, so an operator without mail can hand it over. A mail that cannot be sent never changes
 * the answer; it is logged as an error.
 */

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  mail: ReadMail;
}

/** A mail server of this test alone on a free loopback port; it accepts the user mailer / secret only. */
async function startMailServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          mail: readMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type LogLine = { level: 'info' | 'error'; detail: Record<string, unknown>; message: string };

/**
 * A platform's log, given to it when it starts, keeping what it writes outside of requests (the
 * self-service's mails and links); `fresh()` empties it for the next test and gives its lines.
 */
function capturedLog() {
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'info' },
    {
      write(line: string) {
        const { level, time: _time, pid: _pid, hostname: _hostname, msg, reqId, ...detail } = JSON.parse(line) as Record<string, unknown>;
        if (reqId !== undefined) return;
        lines.push({ level: level === 50 ? 'error' : 'info', detail, message: String(msg) });
      },
    },
  );
  return {
    log,
    fresh() {
      lines.length = 0;
      return lines;
    },
  };
}

describe('with SMTP_URL', () => {
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let platform: TestPlatform;
  let wrongPassword: TestPlatform;
  const platformLog = capturedLog();
  const wrongPasswordLog = capturedLog();
  beforeAll(async () => {
    mailServer = await startMailServer();
    platform = await startTestPlatform(
      {
        smtpUrl: `smtp://mailer:secret@127.0.0.1:${mailServer.port}`,
        mailFrom: 'Casino Kasa <kasa@example.com>',
        registrationOpen: true,
      },
      { log: platformLog.log },
    );
    wrongPassword = await startTestPlatform({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${mailServer.port}` }, { log: wrongPasswordLog.log });
  });
  afterAll(async () => {
    await platform?.stop();
    await wrongPassword?.stop();
    await mailServer?.close();
  });

  it('sends through the mail server, signed in as the URL user; nothing is written to the outbox', async () => {
    const lines = platformLog.fresh();
    expect((await platform.call('POST', '/api/auth/forgot-password', { body: { login: 'demo', language: 'en' } })).status).toBe(202);
    await platform.services.selfService.settled();
    expect(mailServer.received).toHaveLength(1);
    const [got] = mailServer.received;
    expect(got).toMatchObject({ from: 'kasa@example.com', to: ['demo@reelcast.test'], user: 'mailer' });
    expect(got!.mail).toMatchObject({
      to: 'demo@reelcast.test',
      from: 'Casino Kasa <kasa@example.com>',
      subject: 'Set a new Reelcast password',
    });
    expect(got!.mail.link).toMatchObject({ page: 'reset-password' });
    expect(got!.mail.link!.url.startsWith(`${platform.url}/pages/auth/reset-password?token=`)).toBe(true);
    expect(got!.mail.html).toContain('Set a new password');
    const check = await platform.call('GET', `/api/auth/reset-password/check?token=${got!.mail.link!.token}`);
    expect(check.body.valid).toBe(true);
    expect(fs.existsSync(outboxOf(platform))).toBe(false);
    // With a mail server, the link is never written to the log.
    expect(JSON.stringify(lines)).not.toContain(got!.mail.link!.token!);
  });

  it('a mail the server refuses: the answer is the same 202, the failure is logged as an error', async () => {
    const lines = wrongPasswordLog.fresh();
    const before = mailServer.received.length;
    const answer = await wrongPassword.call('POST', '/api/auth/forgot-password', { body: { login: 'demo' } });
    expect(answer).toMatchObject({ status: 202, body: { status: true, next: 'mail-confirm' } });
    await wrongPassword.services.selfService.settled();
    expect(mailServer.received).toHaveLength(before);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', message: 'a registration or password reset mail failed' })]);
  });
});

describe('without SMTP_URL: the outbox folder', () => {
  let platform: TestPlatform;
  const platformLog = capturedLog();
  beforeAll(async () => {
    platform = await startTestPlatform({ registrationOpen: true }, { log: platformLog.log });
  });
  afterAll(() => platform?.stop());

  it('writes each mail as a whole .eml file only the platform user may read, and logs its link at info', async () => {
    const lines = platformLog.fresh();
    const body = { username: 'outboxer', email: 'outboxer@example.com', password: 'kirmizi-balon-42', language: 'ar' };
    expect((await platform.call('POST', '/api/auth/register', { body })).status).toBe(202);
    await platform.services.selfService.settled();
    const mails = outboxMails(platform);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: 'outboxer@example.com', subject: 'أكّد حسابك في Reelcast', from: 'Reelcast <no-reply@localhost>' });
    expect(mail!.file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-confirm-registration-[0-9a-f]{8}\.eml$/);
    expect(fs.readdirSync(outboxOf(platform)).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(fs.statSync(path.join(outboxOf(platform), mail!.file)).mode & 0o777).toBe(0o600);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      detail: { to: 'outboxer@example.com', purpose: 'confirm-registration', link: mail!.link!.url },
    });
    expect(lines[0]!.message).toContain(mail!.link!.url);
    // The operator hands the logged link over; following it opens the account.
    const confirmed = await platform.call('POST', '/api/auth/register/confirm', { body: { token: mail!.link!.token } });
    expect(confirmed).toMatchObject({ status: 200, body: { username: 'outboxer' } });
  });
});
