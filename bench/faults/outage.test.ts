/**
 * Database outage: a private PostgreSQL cluster (its own port, its own temp dir) is stopped under
 * a running server; the API answers 503 "服务暂不可用" within 2 s and keeps running, and once the
 * cluster is back the same process serves again without a restart.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { messages } from '@scm/contract';
import pg from 'pg';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../config';
import { type Answer, apiClient } from '../lib/api';
import { createPrivateCluster, type PrivateCluster } from '../lib/postgres';
import { type NodeProcess, sleep, startAppServer } from '../lib/processes';

const ANSWER_WITHIN_MS = 2000;
/** The server's per-query time-out (server.ts): the bound for a database that hangs instead of refusing. */
const HUNG_ANSWER_WITHIN_MS = 5000 + 1000;
const hasServerBinaries = existsSync('/usr/lib/postgresql');

let cluster: PrivateCluster;
let app: NodeProcess;
let token: string;
let userId: number;

before(async () => {
  if (!hasServerBinaries) return;
  cluster = await createPrivateCluster();
  await cluster.start();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE scm_outage');
  await admin.end();
  app = await startAppServer({ DATABASE_URL: cluster.url('scm_outage') });
  const login = await apiClient(app.baseUrl).call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  assert.equal(login.code, 200, login.message);
  token = login.data.token;
  userId = login.data.u_id;
});

after(async () => {
  await app?.stop();
  await cluster?.destroy();
});

function assertUnavailable(answer: Answer, what: string, withinMs = ANSWER_WITHIN_MS) {
  assert.equal(answer.status, 503, `${what}: HTTP ${answer.status} ${answer.message}`);
  assert.equal(answer.code, 503, what);
  assert.equal(answer.message, messages.serviceUnavailable, what);
  assert.ok(answer.ms < withinMs, `${what}: answered after ${Math.round(answer.ms)} ms`);
}

const slowest = (answers: Answer[]) => Math.round(Math.max(...answers.map((a) => a.ms)));

async function assertServingAgain(api: ReturnType<typeof apiClient>, pid: number) {
  let back: Answer | null = null;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(200)) {
    back = await api.call('/admin/back_user/info', { id: userId }, token, 5000);
    if (back.code === 200) break;
  }
  assert.equal(back?.code, 200, `not serving again after the database came back: ${back?.status} ${back?.message}`);
  assert.ok(app.isRunning());
  assert.equal(app.pid, pid);
  assert.equal((await api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).code, 200);
}

test('PostgreSQL stopped: 503 within 2 s, no hang, no crash; back up: the same process serves again', { timeout: 120_000 }, async (t) => {
  if (!hasServerBinaries) return t.skip('no PostgreSQL server binaries under /usr/lib/postgresql');
  const api = apiClient(app.baseUrl);
  assert.equal((await api.call('/admin/back_user/info', { id: userId }, token)).code, 200);

  await cluster.stop();
  const sequential: Answer[] = [];
  for (let round = 0; round < 3; round++) {
    // The time-out is longer than the bar so a slow answer is measured rather than cut off.
    sequential.push(await api.call('/admin/back_user/info', { id: userId }, token, 10_000));
    sequential.push(await api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, null, 10_000));
  }
  for (const [i, answer] of sequential.entries()) assertUnavailable(answer, `call ${i + 1} while stopped`);
  const burst = await Promise.all(Array.from({ length: 30 }, () => api.call('/admin/back_user/info', { id: userId }, token, 10_000)));
  for (const [i, answer] of burst.entries()) assertUnavailable(answer, `concurrent read ${i + 1}`);
  console.log(`# stopped: slowest 503 ${slowest(sequential)} ms of 6 in a row, ${slowest(burst)} ms of 30 at once`);
  assert.ok(app.isRunning(), `the server exited during the outage:\n${app.output()}`);

  await cluster.start();
  await assertServingAgain(api, app.pid);
});

test('PostgreSQL hung (SIGSTOP): 503 within the query time-out, never a hang; resumed: serves again', { timeout: 120_000 }, async (t) => {
  if (!hasServerBinaries) return t.skip('no PostgreSQL server binaries under /usr/lib/postgresql');
  const api = apiClient(app.baseUrl);
  assert.equal((await api.call('/admin/back_user/info', { id: userId }, token)).code, 200);

  await cluster.freeze();
  try {
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => api.call('/admin/back_user/info', { id: userId }, token, 20_000)),
      api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, null, 20_000),
    ]);
    for (const [i, answer] of answers.entries()) assertUnavailable(answer, `call ${i + 1} to a hung database`, HUNG_ANSWER_WITHIN_MS);
    // Once the pool's open connections are spent, new ones fail on the connect time-out, within 2 s.
    const later = await api.call('/admin/back_user/info', { id: userId }, token, 20_000);
    assertUnavailable(later, 'a later call');
    console.log(`# hung: slowest 503 ${slowest(answers)} ms of 21 at once, then ${slowest([later])} ms`);
    assert.ok(app.isRunning(), `the server exited while the database hung:\n${app.output()}`);
  } finally {
    await cluster.thaw();
  }
  await assertServingAgain(api, app.pid);
});
