// Test helper (not a test file): addresses of a country taken from the shipped database itself, and
// the audit rows of the country check's refusals.
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { AuditType } from '@reelcast/protocol';
import type { RunningPlatform } from '@reelcast/platform';
import { auditLog } from '../../../apps/platform/src/db/schema.ts';
import { countryDatabaseFiles } from '../../../apps/platform/src/ip-check/index.ts';

const rowsOf = new Map<4 | 6, { start: bigint; end: bigint; country: string }[]>();

function rows(family: 4 | 6) {
  let found = rowsOf.get(family);
  if (!found) {
    const files = countryDatabaseFiles();
    found = fs
      .readFileSync(family === 4 ? files.v4 : files.v6, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [start = '', end = '', country = ''] = line.split(',');
        return { start: BigInt(start), end: BigInt(end), country };
      });
    rowsOf.set(family, found);
  }
  return found;
}

const v4Text = (n: bigint) => [24n, 16n, 8n, 0n].map((shift) => (n >> shift) & 255n).join('.');
const v6Text = (n: bigint) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');

/**
 * `count` different addresses the shipped database places in `country`: the second address of rows
 * of that country spread over the file (not guesses: whatever this month's database says).
 */
export function addressesIn(country: string, family: 4 | 6 = 4, count = 1): string[] {
  const ofCountry = rows(family).filter((row) => row.country === country);
  if (ofCountry.length < count) throw new Error(`the database has ${ofCountry.length} ${country} rows, fewer than ${count}`);
  return Array.from({ length: count }, (_, i) => {
    const row = ofCountry[Math.floor(((i + 0.5) * ofCountry.length) / count)]!;
    const address = row.start < row.end ? row.start + 1n : row.start;
    return family === 4 ? v4Text(address) : v6Text(address);
  });
}

export const addressIn = (country: string, family: 4 | 6 = 4) => addressesIn(country, family, 1)[0]!;

/** The audit rows of refusals for a country (newest last). */
export async function countryRefusals(platform: Pick<RunningPlatform, 'services'>, ip: string) {
  const rows = await platform.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.type, AuditType.NotAllowed), eq(auditLog.ip, ip), sql`${auditLog.detail}->>'reason' = 'country'`))
    .orderBy(auditLog.id);
  return rows.map((r) => ({ username: r.username, playerId: r.playerId, detail: r.detail }));
}
