import type { AddressInfo } from 'node:net';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { messages } from '../../db/schema';
import { type ApiPath, createTestApp, loadTestConfig, type TestApp, unique } from '../../../test/helpers';
import { portalLogin, portalWorld, tokenOf } from '../../../test/portal-fixtures';
import { loginWithCodes } from '../../../test/procurement-fixtures';
import { openSse, type SseClient } from '../../../test/sse';
import { MAX_STREAMS_PER_SESSION } from './stream';

/*
 * Revocation ends streams (docs/messages.md, "Revocation"): whatever ends a session or changes what
 * it may read ends the open message streams it covers within a second, in both realms and across
 * server processes, and nothing reaches them afterwards; a session holds at most five streams.
 */

let t: TestApp;
let admin: string;
let base: string;
const opened: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t.close();
});

const stream = async (realm: 'admin' | 'portal', token: string, url = base) => {
  const client = await openSse(`${url}/${realm}/message/stream`, { authorization: `Bearer ${token}` });
  expect(client.status).toBe(200);
  opened.push(client);
  return client;
};

const ok = async (path: ApiPath, body: unknown, token = admin) => {
  const answer = await t.call(path, body, token);
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
};

/** A user whose role holds only 工作台, signed in: its email, id, role id and token. */
async function staffUser() {
  const email = `${unique('s').toLowerCase()}@stream.test`;
  const token = await loginWithCodes(t, ['basic'], email);
  const row = (await ok('/admin/back_user/list', { keyword: email })).list[0];
  return { email, id: row.id as number, roleId: row.role_id as number, token, version: () => userVersion(row.id) };
}
const userVersion = async (id: number) =>
  (await ok('/admin/back_user/list', { page_size: 200 })).list.find((u: { id: number }) => u.id === id).version;

describe('staff streams', () => {
  it('disabling the user ends its stream within 1 s', async () => {
    const user = await staffUser();
    const open = await stream('admin', user.token);
    await ok('/admin/back_user/disable', { id: user.id, version: await user.version() });
    expect(await open.endsWithin(1000)).toBe(true);
  });

  it('logout ends that session’s streams, not another session’s', async () => {
    const user = await staffUser();
    const other = await t.login(user.email, 'Limited123');
    const mine = await stream('admin', user.token);
    const theirs = await stream('admin', other);
    await ok('/admin/logout', {}, user.token);
    expect(await mine.endsWithin(1000)).toBe(true);
    expect(await theirs.endsWithin(500)).toBe(false);
  });

  it('a password reset and a role change each end the user’s streams', async () => {
    const user = await staffUser();
    const first = await stream('admin', user.token);
    await ok('/admin/back_user/reset_password', { id: user.id, version: await user.version(), password: 'Reset12345' });
    expect(await first.endsWithin(1000)).toBe(true);
    const token = await t.login(user.email, 'Reset12345');
    const second = await stream('admin', token);
    const role = await ok('/admin/role/create', { name: `换角色${unique('')}`, code: unique('sw').toLowerCase(), permission_codes: ['basic'] });
    const info = (await ok('/admin/back_user/list', { keyword: user.email })).list[0];
    await ok('/admin/back_user/update', { id: user.id, version: info.version, email: user.email, username: info.username, role_id: role.id });
    expect(await second.endsWithin(1000)).toBe(true);
  });

  it(`a session holds at most ${MAX_STREAMS_PER_SESSION} streams: the next closes the oldest`, async () => {
    const user = await staffUser();
    const streams: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i += 1) streams.push(await stream('admin', user.token));
    const newest = await stream('admin', user.token);
    expect(await streams[0].endsWithin(1000)).toBe(true);
    for (const open of [...streams.slice(1), newest]) expect(await open.endsWithin(50)).toBe(false);
  });
});

describe('portal streams', () => {
  it('blacklisting the supplier ends its accounts’ streams within 1 s, and no message is addressed to them afterwards', async () => {
    const w = await portalWorld(t, admin);
    const asked = await ok('/portal/clarification/ask', { task_id: w.taskId, question: '可以分批交货吗？' }, w.a.token);
    const b = await stream('portal', w.b.token);
    const supplier = await ok('/admin/supplier/info', { id: w.b.supplierId });
    await ok('/admin/supplier/status', { id: w.b.supplierId, version: supplier.version, status: 'blacklisted' });
    expect(await b.endsWithin(1000)).toBe(true);
    const [{ last }] = await t.database.db.select({ last: max(messages.id) }).from(messages);
    const question = (await ok('/admin/clarification/list', { task_id: w.taskId })).find((q: { id: number }) => q.id === asked.id);
    await ok('/admin/clarification/answer', { id: asked.id, version: question.version, answer: '可以，分两批。' });
    const toB = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.recipientAccountId, w.b.accountId), gt(messages.id, last ?? 0)));
    const toA = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.recipientAccountId, w.a.accountId), gt(messages.id, last ?? 0)));
    expect(toB).toEqual([]);
    expect(toA).toHaveLength(1);
    expect(b.received).toEqual([]);
  });

  it('disabling the account, and logging out, end its streams', async () => {
    const w = await portalWorld(t, admin);
    const a = await stream('portal', w.a.token);
    const account = (await ok('/admin/portal_account/list', { supplier_id: w.a.supplierId })).list[0];
    await ok('/admin/portal_account/disable', { id: account.id, version: account.version });
    expect(await a.endsWithin(1000)).toBe(true);
    const b = await stream('portal', w.b.token);
    await ok('/portal/logout', {}, w.b.token);
    expect(await b.endsWithin(1000)).toBe(true);
  });

  it('a reissued link on an active account ends its streams at once', async () => {
    const w = await portalWorld(t, admin);
    const a = await stream('portal', w.a.token);
    const account = (await ok('/admin/portal_account/list', { supplier_id: w.a.supplierId })).list[0];
    const reissued = await ok('/admin/portal_account/reissue', { id: account.id, version: account.version });
    expect(await a.endsWithin(1000)).toBe(true);
    expect(tokenOf(reissued.activation_url)).toBeTruthy();
  });

  it(`a portal session holds at most ${MAX_STREAMS_PER_SESSION} streams`, async () => {
    const w = await portalWorld(t, admin);
    const token = await portalLogin(t, w.a.email);
    const streams: SseClient[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_SESSION; i += 1) streams.push(await stream('portal', token));
    expect(await streams[0].endsWithin(1000)).toBe(true);
    for (const open of streams.slice(1)) expect(await open.endsWithin(50)).toBe(false);
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('two app instances on one PostgreSQL', () => {
  it('a user disabled through B loses its stream on A within 1 s; a supplier blacklisted through B, its portal stream on A', async () => {
    const other = openDatabase({ url: t.databaseUrl as string, dataDir: 'memory://' });
    const appB = await buildApp({ db: other.db, config: loadTestConfig(t.databaseUrl), logger: false, listen: other.listen });
    const throughB = async (path: string, payload: unknown) =>
      (
        await appB.inject({
          method: 'POST',
          url: `/api${path}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          payload: payload as object,
        })
      ).json();
    try {
      const user = await staffUser();
      const staff = await stream('admin', user.token);
      expect((await throughB('/admin/back_user/disable', { id: user.id, version: await user.version() })).code).toBe(200);
      expect(await staff.endsWithin(1000)).toBe(true);

      const w = await portalWorld(t, admin);
      const portal = await stream('portal', w.a.token);
      const supplier = await ok('/admin/supplier/info', { id: w.a.supplierId });
      expect((await throughB('/admin/supplier/status', { id: w.a.supplierId, version: supplier.version, status: 'disabled' })).code).toBe(200);
      expect(await portal.endsWithin(1000)).toBe(true);
    } finally {
      await appB.close();
      await other.close();
    }
  });
});
