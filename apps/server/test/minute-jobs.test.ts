import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMinuteJobs } from '../src/lib/jobs/minute-jobs';
import { createTestApp, type TestApp } from './helpers';

/** The periodic jobs run in one process at a time (docs/operations.md). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('minute jobs', () => {
  it('run when no other process holds their lock', async () => {
    expect(await runMinuteJobs(t.database.db, new Date())).toBe(true);
    expect(await runMinuteJobs(t.database.db, new Date())).toBe(true);
  });

  // Another process holding the lock needs a second connection: PostgreSQL only.
  if (process.env.TEST_DB === 'pg') {
    it('skip the tick while another process runs them', async () => {
      const result = await t.database.db.execute(sql`select current_database() as name`);
      const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`select pg_advisory_xact_lock(hashtext('scm:minute-jobs'))`);
        expect(await runMinuteJobs(t.database.db, new Date())).toBe(false);
        await other.query('commit');
        expect(await runMinuteJobs(t.database.db, new Date())).toBe(true);
      } finally {
        await other.end();
      }
    });
  }
});
