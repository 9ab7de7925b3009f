import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction is a Db too: services take `Db` and work inside or outside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the database-wide startup lock, so server processes started at the same
   * moment on one PostgreSQL migrate and seed one after the other instead of colliding.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  listen: Listen;
  close(): Promise<void>;
}

/**
 * Subscribes to a NOTIFY channel (docs/messages.md, "Delivery"): on PostgreSQL through one connection
 * of its own outside the pool, which reconnects by itself and then calls `onReconnect` (whatever was
 * sent meanwhile is lost to it, so the listener catches up from the tables); on PGlite through its
 * own listen. Answers the function that stops listening.
 */
export type Listen = (channel: string, onPayload: (payload: string) => void, onReconnect: () => void) => Promise<() => Promise<void>>;

const LISTEN_RETRY_MS = { first: 500, max: 10_000 };

function listenPg(url: string): Listen {
  return async (channel, onPayload, onReconnect) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let delay = LISTEN_RETRY_MS.first;
    let timer: NodeJS.Timeout | undefined;
    const connect = async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
      next.on('error', () => {});
      next.on('notification', (note) => {
        if (note.channel === channel && note.payload) onPayload(note.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      if (stopped) return next.end();
      client = next;
      next.once('end', () => {
        client = null;
        if (!stopped) retry();
      });
    };
    const retry = () => {
      timer = setTimeout(() => {
        connect().then(
          () => {
            delay = LISTEN_RETRY_MS.first;
            if (!stopped) onReconnect();
          },
          () => {
            delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
            if (!stopped) retry();
          },
        );
      }, delay);
    };
    await connect().catch(retry);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    };
  };
}

/**
 * Settings of every pooled session (docs/decisions.md). Short OLTP reads: compiling a plan whose cost
 * estimate passes jit_above_cost (a LIMIT walk over a million rows does) costs 20–40 ms and saves
 * nothing; and a request is one backend's work, since concurrency comes from the requests: a parallel
 * worker is a process started per query, which made a count over 160,000 shipping notices 70 ms
 * instead of 20 on two cores and took the CPU the other requests were waiting for.
 */
export const PG_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

// Extensions come before the drizzle-kit migrations, which cannot declare them (trigram search indexes).
const createExtensions = 'CREATE EXTENSION IF NOT EXISTS pg_trgm';
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` ('memory://' for tests). */
export function openDatabase(options: { url?: string; dataDir: string; queryTimeoutMs?: number }): Database {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      // Below the 2 s within which an unreachable database must turn into a 503 (docs/rules/quality-bars.md, "Reliability").
      connectionTimeoutMillis: 1500,
      idleTimeoutMillis: 30_000,
      // A database that hangs instead of refusing would otherwise hold a request forever.
      query_timeout: options.queryTimeoutMs,
      options: PG_SESSION_OPTIONS,
    });
    // An idle client losing its server must not crash the process; the next query reports the outage.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // A client of its own, free of the query time-out: a migration may build an index over millions of rows.
      migrate: async () => {
        const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
        await client.connect();
        try {
          await client.query(createExtensions);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      withStartupLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query(`select pg_advisory_lock(hashtext('scm:startup'))`);
          return await fn();
        } finally {
          await client.query(`select pg_advisory_unlock(hashtext('scm:startup'))`).catch(() => {});
          client.release();
        }
      },
      listen: listenPg(options.url),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await client.exec(createExtensions);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    // PGlite belongs to one process: there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    // One connection that hears its own NOTIFY, delivered when the notifying transaction commits.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}
