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
 * after another, so the floor is never slower than the SQL itself allows. `work`, when given, is the
 * computation the app does over what it read (the comparison matrix), run again on every call over
 * the recorded answer so the floor does the same work.
 */
export function replayedFloor<Answer>(run: (db: Db, body: Body) => Promise<Answer>, work?: (answer: Answer) => unknown) {
  const recorded = new Map<string, Promise<{ statements: Statement[]; answer: Answer }>>();
  const record = async (pool: pg.Pool, body: Body) => {
    const statements: Statement[] = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => statements.push({ sql, params }) } }) as unknown as Db;
    const answer = await run(db, body);
    return { statements, answer };
  };
  return async (q: Query, body: Body, pool: pg.Pool) => {
    const key = JSON.stringify(body);
    let entry = recorded.get(key);
    if (!entry) {
      entry = record(pool, body);
      recorded.set(key, entry);
    }
    const { statements, answer } = await entry;
    const rows = await Promise.all(planSettingsWithTheirStatement(statements).map((group) => replay(group, q, pool)));
    return work ? { rows, worked: work(answer) } : rows;
  };
}

/**
 * Transaction-local plan settings (`select set_config(…, true)`) hold only in the transaction the
 * app opens for them (the commodity list's page): each is kept with the statement after it, to run
 * together in one.
 */
function planSettingsWithTheirStatement(statements: Statement[]): Statement[][] {
  const groups: Statement[][] = [];
  let settings: Statement[] = [];
  for (const statement of statements) {
    if (/^select set_config\(/i.test(statement.sql)) settings.push(statement);
    else {
      groups.push([...settings, statement]);
      settings = [];
    }
  }
  return groups;
}

async function replay(group: Statement[], q: Query, pool: pg.Pool) {
  if (group.length === 1) return q(group[0].sql, group[0].params);
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const setting of group.slice(0, -1)) await client.query(setting.sql, setting.params);
    const last = group[group.length - 1];
    const { rows } = await client.query(last.sql, last.params);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
