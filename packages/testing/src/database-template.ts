import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../../apps/platform/src/db/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, '../../../apps/platform/src/db/migrations');
const cacheFolder = path.join(here, '../../../node_modules/.cache/reelcast-db-template');

/**
 * A database migrated once, copied for each test file instead of migrating a new one per file (vitest's
 * globalSetup, see vitest.config.ts): on PGlite once until the migrations change, on PostgreSQL once a run. `REELCAST_TEST_DB_TEMPLATE` names it for the
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
  process.env[TEMPLATE_VARIABLE] = await pgliteTemplate();
  return async () => {};
}

/**
 * The embedded template, kept between runs in node_modules/.cache under a name made of the migrations'
 * contents and PGlite's version: a run after a change to either makes a new one. Written under a
 * temporary name and renamed, so a run that reads it never sees half of one.
 */
async function pgliteTemplate(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageFolder = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const pgliteVersion = (JSON.parse(fs.readFileSync(path.join(packageFolder, 'package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const folder = path.join(cacheFolder, hash.digest('hex').slice(0, 16));
  if (fs.existsSync(folder)) return folder;
  fs.mkdirSync(cacheFolder, { recursive: true });
  const partial = fs.mkdtempSync(`${folder}-`);
  await migrate({ pgliteDir: path.join(partial, 'db') });
  try {
    fs.renameSync(partial, folder);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true }); // another run made it meanwhile
  }
  return folder;
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
