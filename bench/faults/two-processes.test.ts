/**
 * Two server processes on one PostgreSQL behave as one: sessions, revocations, lockout counters
 * and daily code sequences live in the database, never in a process; a message written through one
 * reaches the streams of the other (LISTEN/NOTIFY), and a stream resumes after a restart.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ResultCode } from '@scm/contract';
import { ADMIN_EMAIL, ADMIN_PASSWORD, dailyCodes } from '../config';
import { type Api, apiClient } from '../lib/api';
import { createScratchDatabase, pgAnswers, type ScratchDatabase } from '../lib/postgres';
import { type NodeProcess, repoRoot, startAppServer } from '../lib/processes';
import { openStream } from '../lib/sse';

const pgUp = await pgAnswers();
const DEMO_USER = 'buyer@jiaju.com';

describe('two server processes on one PostgreSQL', { skip: pgUp ? false : 'PostgreSQL does not answer on 127.0.0.1:5432' }, () => {
  let db: ScratchDatabase;
  let a: NodeProcess;
  let b: NodeProcess;
  let apiA: Api;
  let apiB: Api;

  before(async () => {
    db = await createScratchDatabase('scm_two');
    // Started at the same moment, as two instances behind a load balancer are deployed: both
    // migrate and seed the empty database at once.
    [a, b] = await Promise.all([startAppServer({ DATABASE_URL: db.url }), startAppServer({ DATABASE_URL: db.url })]);
    apiA = apiClient(a.baseUrl);
    apiB = apiClient(b.baseUrl);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  const login = async (api: Api, email = ADMIN_EMAIL) => {
    const answer = await api.call('/admin/login', { email, password: ADMIN_PASSWORD });
    assert.equal(answer.code, 200, answer.message);
    return answer.data as { u_id: number; token: string };
  };

  test('a token issued by one process works on the other', async () => {
    const { u_id, token } = await login(apiA);
    const info = await apiB.call('/admin/back_user/info', { id: u_id }, token);
    assert.equal(info.code, 200, info.message);
    assert.equal(info.data.email, ADMIN_EMAIL);
  });

  test('a logout on one process revokes the token on the other at once', async () => {
    const { u_id, token } = await login(apiB);
    assert.equal((await apiA.call('/admin/back_user/info', { id: u_id }, token)).code, 200);
    assert.equal((await apiA.call('/admin/logout', {}, token)).code, 200);
    assert.equal((await apiB.call('/admin/back_user/info', { id: u_id }, token)).code, ResultCode.unauthorized);
  });

  test('a lockout counted on one process holds on the other', async () => {
    const wrong = { email: DEMO_USER, password: 'Wrong12345' };
    // Failures spread over both processes add up to one count.
    for (const api of [apiA, apiB, apiA, apiB, apiA]) {
      assert.equal((await api.call('/admin/login', wrong)).code, ResultCode.badRequest);
    }
    for (const api of [apiB, apiA]) {
      const answer = await api.call('/admin/login', { email: DEMO_USER, password: ADMIN_PASSWORD });
      assert.equal(answer.code, ResultCode.tooMany, `right password during the lockout: ${answer.code} ${answer.message}`);
    }
  });

  test('daily codes stay unique when both processes create at once', async () => {
    const perProcess = 150;
    const route = dailyCodes.route;
    let codes: string[];
    if (route) {
      const tokens = [await login(apiA), await login(apiB)];
      const create = async (api: Api, token: string, offset: number) => {
        const made: string[] = [];
        await Promise.all(
          Array.from({ length: 10 }, async (_, w) => {
            for (let i = w; i < perProcess; i += 10) {
              const answer = await api.call(route.path, route.body(offset + i), token);
              assert.equal(answer.code, 200, answer.message);
              made.push(route.codeOf(answer.data));
            }
          }),
        );
        return made;
      };
      codes = (await Promise.all([create(apiA, tokens[0].token, 0), create(apiB, tokens[1].token, perProcess)])).flat();
    } else {
      const at = new Date().toISOString();
      const startAt = String(Date.now() + 1500);
      const burst = () =>
        new Promise<string[]>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', fileURLToPath(new URL('./code-burst.ts', import.meta.url)), dailyCodes.prefix, String(perProcess), '10', at],
            { cwd: repoRoot, env: { ...process.env, DATABASE_URL: db.url, START_AT: startAt }, stdio: ['ignore', 'pipe', 'pipe'] },
          );
          let out = '';
          let err = '';
          child.stdout.on('data', (c) => {
            out += c;
          });
          child.stderr.on('data', (c) => {
            err += c;
          });
          const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
          child.once('exit', (code) => {
            clearTimeout(timer);
            if (code === 0) resolve(JSON.parse(out));
            else reject(new Error(`code-burst exited ${code}: ${err}`));
          });
        });
      codes = (await Promise.all([burst(), burst()])).flat();
    }
    assert.equal(codes.length, 2 * perProcess);
    assert.equal(new Set(codes).size, codes.length, 'duplicate codes');
    // One gap-free daily sequence: 0001 … 0300 when the day started empty.
    const sequence = codes.map((c) => Number(c.slice(-4))).sort((x, y) => x - y);
    assert.deepEqual(
      sequence,
      Array.from({ length: codes.length }, (_, i) => sequence[0] + i),
    );
  });
  /** A stream of the approver's messages on `api`'s process; `next` waits up to 2 s for the next one. */
  async function approverStream(api: Api, token: string, lastEventId?: string) {
    // biome-ignore lint/suspicious/noExplicitAny: the stream carries whatever the server sent
    const events: { id: string | null; data: any }[] = [];
    const waiting: (() => void)[] = [];
    const stream = await openStream(
      `${api.baseUrl}/api/admin/message/stream`,
      { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      (event) => {
        events.push(event);
        for (const wake of waiting.splice(0)) wake();
      },
    );
    const next = async () => {
      const deadline = Date.now() + 2000;
      while (events.length === 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, deadline - Date.now());
        });
      }
      const event = events.shift();
      assert.ok(event, 'no message within 2 s');
      return event;
    };
    return { next, close: stream.close };
  }

  /** A plan drawn up and submitted by the planner through `api`: it waits for the approver. */
  async function submitPlan(api: Api, planner: string) {
    const goods = (await api.call('/admin/commodity/list', { page_size: 1, status: 'enabled' }, planner)).data.list;
    const created = await api.call(
      '/admin/planning_task/create',
      {
        name: '跨进程消息',
        plan_type: 'regular',
        warehouse: 'sh_jiading',
        period_start: '2026-12-01',
        period_end: '2026-12-31',
        lines: [{ commodity_id: goods[0].id, quantity: 3 }],
      },
      planner,
    );
    assert.equal(created.code, 200, created.message);
    const submitted = await api.call('/admin/planning_task/submit', { id: created.data.id, version: 0 }, planner);
    assert.equal(submitted.code, 200, submitted.message);
    return `/planningManagement/planningTaskDetail?id=${created.data.id}`;
  }

  test('a client streaming from one process receives within 2 s a message written through the other', async () => {
    const approver = (await login(apiA, 'manager@jiaju.com')).token;
    const planner = (await login(apiB, 'planner@jiaju.com')).token;
    const stream = await approverStream(apiA, approver);
    const link = await submitPlan(apiB, planner);
    assert.equal((await stream.next()).data.link, link);
    stream.close();
  });

  test('a stream resumes after a server restart with nothing lost', async () => {
    const approver = (await login(apiA, 'manager@jiaju.com')).token;
    const planner = (await login(apiB, 'planner@jiaju.com')).token;
    const stream = await approverStream(apiA, approver);
    await submitPlan(apiB, planner);
    const seen = await stream.next();
    stream.close();
    await a.stop();
    // Written while the process the client streams from is down.
    const missed = [await submitPlan(apiB, planner), await submitPlan(apiB, planner)];
    a = await startAppServer({ DATABASE_URL: db.url });
    apiA = apiClient(a.baseUrl);
    const resumed = await approverStream(apiA, approver, seen.id ?? undefined);
    assert.deepEqual([(await resumed.next()).data.link, (await resumed.next()).data.link], missed);
    resumed.close();
  });
});
