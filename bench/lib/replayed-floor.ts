import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Db, schema } from '../../apps/server/src';
import type { Body, Query } from './query';

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * A floor that sends exactly the statements the app's own query code sends: for each request body
 * the code runs once through a recording drizzle on the floor's pool, and every call after that
 * replays the recorded statements through the bare pool, all at once. The app runs some of them one
 * after another, so the floor is never slower than the SQL itself allows.
 */
export function replayedFloor(run: (db: Db, body: Body) => Promise<unknown>) {
  const recorded = new Map<string, Promise<Statement[]>>();
  const record = async (pool: pg.Pool, body: Body) => {
    const statements: Statement[] = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => statements.push({ sql, params }) } }) as unknown as Db;
    await run(db, body);
    return statements;
  };
  return async (q: Query, body: Body, pool: pg.Pool) => {
    const key = JSON.stringify(body);
    let statements = recorded.get(key);
    if (!statements) {
      statements = record(pool, body);
      recorded.set(key, statements);
    }
    return Promise.all((await statements).map((s) => q(s.sql, s.params)));
  };
}
