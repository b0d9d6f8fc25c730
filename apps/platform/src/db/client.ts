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

/**
 * Migrates PostgreSQL under an advisory lock: several platform instances (or a CLI command) starting
 * at once on an empty database would otherwise all create the tables and all but one fail. The lock
 * belongs to one connection, so the migration runs on that connection too.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
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
      migrate: () => migratePostgres(pool),
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
    close: () => client.close(),
  };
}
