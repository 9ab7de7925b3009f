/**
 * Crash: a writer streams creates, the server is killed with SIGKILL mid-stream; after a restart
 * on the same data every create answered 200 is there and complete, and nothing is half-written.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ADMIN_EMAIL, ADMIN_PASSWORD, writeStream } from '../config';
import { apiClient } from '../lib/api';
import { createScratchDatabase, pgAnswers, queryPool } from '../lib/postgres';
import { startAppServer } from '../lib/processes';

const WRITERS = 6;
/** Kill once this many creates were answered 200 (while the others are still in flight)... */
const KILL_AFTER_ANSWERED = 25;
/** ...and never stream longer than this, nor more creates than MAX_CREATES. */
const MAX_STREAM_MS = 30_000;
const MAX_CREATES = 1000;

interface Target {
  env: Record<string, string>;
  /** Runs the half-written-data query once the server is stopped. */
  brokenRows(): Promise<unknown[]>;
  dispose(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'scm-crash-'));
  return {
    env: { DATA_DIR: dir },
    async brokenRows() {
      const client = new PGlite(dir, { extensions: { pg_trgm } });
      try {
        return (await client.query(writeStream.brokenSql)).rows;
      } finally {
        await client.close();
      }
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const db = await createScratchDatabase('scm_crash');
  return {
    env: { DATABASE_URL: db.url },
    async brokenRows() {
      const pool = queryPool(db.url, 1);
      try {
        return await pool.q(writeStream.brokenSql);
      } finally {
        await pool.end();
      }
    },
    dispose: () => db.drop(),
  };
}

async function crashAndRecover(target: Target) {
  const first = await startAppServer(target.env);
  const api = apiClient(first.baseUrl);
  const login = await api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  assert.equal(login.code, 200, login.message);

  const answered: string[] = [];
  let sent = 0;
  let killed = false;
  const deadline = Date.now() + MAX_STREAM_MS;
  const writer = async () => {
    while (!killed && Date.now() < deadline && sent < MAX_CREATES) {
      const key = await writeStream.create(api, login.data.token, sent++).catch(() => null);
      // An answer that arrives after the kill was sent is still an answer the client saw.
      if (key) answered.push(key);
      if (!killed && answered.length >= KILL_AFTER_ANSWERED) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const exit = await first.exited;
  assert.equal(exit.signal, 'SIGKILL', `the server was not killed mid-stream (${sent} sent, ${answered.length} answered)`);
  assert.ok(answered.length >= KILL_AFTER_ANSWERED);

  const second = await startAppServer(target.env);
  try {
    const api2 = apiClient(second.baseUrl);
    const relogin = await api2.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    assert.equal(relogin.code, 200, `login after restart: ${relogin.message}`);
    const problems = (await Promise.all(answered.map((key) => writeStream.check(api2, relogin.data.token, key)))).filter(Boolean);
    assert.deepEqual(problems, [], `${problems.length} of ${answered.length} creates answered 200 are missing or incomplete`);
  } finally {
    await second.stop();
  }
  const exitAfter = await second.exited;
  assert.equal(exitAfter.code, 0, `the restarted server did not shut down cleanly:\n${second.output()}`);
  assert.doesNotMatch(second.output(), /"level":(50|60)/, 'the restarted server logged errors');
  assert.deepEqual(await target.brokenRows(), [], 'half-written data after the crash');
  return { sent, answered: answered.length };
}

test('SIGKILL mid-stream on PGlite: every create answered 200 survives, complete', { timeout: 180_000 }, async () => {
  const target = await pgliteTarget();
  try {
    const { sent, answered } = await crashAndRecover(target);
    console.log(`# PGlite: ${sent} creates sent, ${answered} answered 200 before SIGKILL, all present after restart`);
  } finally {
    await target.dispose();
  }
});

test('SIGKILL mid-stream on PostgreSQL: every create answered 200 survives, complete', { timeout: 180_000 }, async (t) => {
  if (!(await pgAnswers())) return t.skip('PostgreSQL does not answer on 127.0.0.1:5432');
  const target = await postgresTarget();
  try {
    const { sent, answered } = await crashAndRecover(target);
    console.log(`# PostgreSQL: ${sent} creates sent, ${answered} answered 200 before SIGKILL, all present after restart`);
  } finally {
    await target.dispose();
  }
});
