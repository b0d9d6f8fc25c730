import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestPlatform } from './harness.ts';

// No vitest here: @reelcast/testing exports these for the portal's journeys (e2e), and the crash test
// imports the harness outside the test runner.

/** A mail as a person reads it: the headers that matter, the plain text and HTML parts decoded. */
export interface ReadMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The token of the portal link in the mail, and which page it opens. */
  link?: { page: 'mail-confirm' | 'reset-password' | 'register'; token: string | null; url: string };
}

/** Reads an RFC 5322 message as nodemailer writes one (multipart/alternative; quoted-printable or base64 parts). */
export function readMail(raw: string): ReadMail {
  const { headers, body } = splitPart(raw.replace(/\r\n/g, '\n'));
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitPart(part.replace(/^\n/, '')))
    : [{ headers, body }];
  const partOf = (type: string) => {
    const part = parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type));
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit') : '';
  };
  const text = partOf('text/plain');
  const found = /(https?:\/\/[^\s"<>]+\/pages\/auth\/(mail-confirm|reset-password|register))(?:\?token=([A-Za-z0-9_-]+))?/.exec(text);
  return {
    to: decodeWords(headers.to ?? ''),
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    text,
    html: partOf('text/html'),
    link: found ? { page: found[2] as 'mail-confirm' | 'reset-password' | 'register', token: found[3] ?? null, url: found[0] } : undefined,
  };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\n\n');
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : raw.slice(end + 2) };
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body.replace(/=\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) of a header. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The outbox folder of a platform without SMTP_URL. */
export const outboxOf = (platform: TestPlatform) => path.join(platform.config.dataDir, 'outbox');

/** The mails in the outbox, oldest first (the file names start with the time). */
export function outboxMails(platform: TestPlatform): (ReadMail & { file: string })[] {
  const folder = outboxOf(platform);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => ({ ...readMail(fs.readFileSync(path.join(folder, name), 'utf8')), file: name }));
}

/**
 * Runs `action`, waits until the work it started (lookups, links, mails) is done, and answers the mails it
 * added to the outbox.
 */
export async function mailsAfter<T>(platform: TestPlatform, action: () => Promise<T>): Promise<{ result: T; mails: ReadMail[] }> {
  const before = new Set(outboxMails(platform).map((m) => m.file));
  const result = await action();
  await platform.services.selfService.settled();
  return { result, mails: outboxMails(platform).filter((m) => !before.has(m.file)) };
}

/** The one mail an action sent, to `to` (throws when it sent another number of mails, or to someone else). */
export async function oneMailAfter(platform: TestPlatform, to: string, action: () => Promise<unknown>): Promise<ReadMail> {
  const { mails } = await mailsAfter(platform, action);
  if (mails.length !== 1 || mails[0]!.to !== to) {
    throw new Error(`expected one mail to ${to}, the outbox got ${JSON.stringify(mails.map((m) => m.to))}`);
  }
  return mails[0]!;
}

export const burst = <T>(n: number, request: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => request(i)));

/** How many answers came with each status and code, e.g. { '202': 5, '429 42900': 45 }: a failure shows what came instead. */
export function tally(answers: { status: number; body: { code?: number } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = status < 300 ? String(status) : `${status} ${body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Runs `during` while a transaction holds the players table (PostgreSQL: every read of it waits; PGlite:
 * every query waits), then lets it go: what answers meanwhile looked nothing up.
 */
export async function whilePlayersLocked(platform: TestPlatform, during: () => Promise<void>): Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = platform.services.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table players in access exclusive mode`);
    locked();
    await held;
  });
  await isLocked;
  try {
    await during();
  } finally {
    release();
    await holder;
  }
}
