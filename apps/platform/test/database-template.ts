import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/index.ts';

/**
 * A database migrated once for a whole test run, copied for each test file instead of migrating a new
 * one per file (vitest's globalSetup, see vitest.config.ts). `REELCAST_TEST_DB_TEMPLATE` names it for the
 * test processes: the folder of a migrated embedded database, or, on PostgreSQL (DATABASE_URL), the name
 * of a migrated database that `CREATE DATABASE … TEMPLATE` copies. Without it (the crash test, a single
 * file run outside vitest) every test database is migrated from empty, as before.
 */
export const TEMPLATE_VARIABLE = 'REELCAST_TEST_DB_TEMPLATE';

/** Makes the template and names it in this process's environment; the returned function removes it. */
export async function setup(): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `reelcast_template_${randomBytes(6).toString('hex')}`;
    await onServer(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    await migrate({ databaseUrl: url.toString(), pgliteDir: '' });
    process.env[TEMPLATE_VARIABLE] = name;
    return () => onServer(base, `drop database if exists ${name} with (force)`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-template-'));
  await migrate({ pgliteDir: path.join(folder, 'db') });
  process.env[TEMPLATE_VARIABLE] = folder;
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}

async function migrate(options: Parameters<typeof openDatabase>[0]): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function onServer(base: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new data folder for a test; its embedded database is a copy of the template's when there is one
 * (else the first platform or CLI command on it migrates it).
 */
export function testDataDir(prefix = 'reelcast-test-'): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[TEMPLATE_VARIABLE];
  if (template && !process.env.DATABASE_URL) fs.cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** The PostgreSQL database new test databases copy (`CREATE DATABASE … TEMPLATE`), if there is one. */
export const postgresTemplate = (): string | undefined => (process.env.DATABASE_URL ? process.env[TEMPLATE_VARIABLE] : undefined);
