import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the database-wide lock that migrations hold (a PostgreSQL advisory lock;
   * the embedded database is one process's anyway): the demo seed runs under it, so instances started
   * at once on an empty database seed it once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the database answers and every migration of this version is applied (GET /readyz). */
  readiness(): Promise<{ database: boolean; migrations: boolean }>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// int8 as BigInt on both drivers, so raw queries agree with Drizzle's bigint columns.
pg.types.setTypeParser(20, (v) => BigInt(v));

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` for a throw-away one. */
  pgliteDir: string;
}

/** Any fixed number: the key of the PostgreSQL advisory lock that migrations hold. */
const MIGRATION_LOCK = 0x7265656c; // 'reel'

/** The newest migration's timestamp: drizzle records it as `created_at` once it is applied. */
const newestMigration = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }
).entries.reduce((newest, entry) => Math.max(newest, entry.when), 0);

/**
 * Runs `work` on one connection holding the advisory lock: several platform instances (or a CLI
 * command) starting at once on an empty database would otherwise all create the tables (or seed the
 * demo data) and all but one fail. The lock belongs to the connection, so it is released with it.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Database answers, and the newest migration is recorded as applied. */
async function readiness(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<{ database: boolean; migrations: boolean }> {
  try {
    await query('select 1');
  } catch {
    return { database: false, migrations: false };
  }
  try {
    const { rows } = await query('select max(created_at) as newest from drizzle.__drizzle_migrations');
    const newest = Number((rows[0] as { newest: unknown } | undefined)?.newest ?? 0);
    return { database: true, migrations: newest >= newestMigration };
  } catch {
    return { database: true, migrations: false };
  }
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server ends (a PostgreSQL restart, a failover) emits 'error' on the
    // pool; unheard, that would crash the process. The pool drops it and opens a new one when needed.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost (${error.message}); it is replaced on the next query.`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => withAdvisoryLock(pool, (client) => migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder })),
      exclusive: (work) => withAdvisoryLock(pool, () => work()),
      readiness: () => readiness((sql) => pool.query(sql)),
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir, { parsers: { [types.INT8]: (v: string) => BigInt(v) } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    exclusive: (work) => work(),
    readiness: () => readiness((sql) => client.query(sql)),
    close: () => client.close(),
  };
}
