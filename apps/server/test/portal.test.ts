import {
  PORTAL_ACCOUNT_STATUSES,
  PORTAL_ACCOUNT_TRANSITIONS,
  portalAccountApi,
  authApi,
  clarificationApi,
  portalApi,
  procurementTaskApi,
  supplierApi,
  portalMessageApi,
  backUserApi,
  quotationApi,
  toCamelCase,
} from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditLogs, portalAccounts } from '../src/db/schema';
import { closePassedDeadlines } from '../src/modules/procurement-task/status';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { rowById, ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, shanghaiDay, type TestApp } from './helpers';
import { createSupplier } from './builders';
import { DAY, PORTAL_PASSWORD, portalAccountOf, portalLogin, portalQuote, portalSupplier, portalWorld, tokenOf } from './portal-fixtures';
import { auditRowCount, sweepStatusMachine } from './status-machine-sweep';

/** docs/portal.md: accounts, the realm, quoting, revisions and receipts, the deadline, clarifications, outcomes. */

type PortalQuoteBody = z.input<typeof portalApi.submitQuote.body>;
/** The fixture's portal quote as the contract types it, for the typed submits; `extra` in camelCase. */
const typedQuote = (taskId: number, lineIds: number[], prices: (number | null)[], extra: Partial<PortalQuoteBody> = {}): PortalQuoteBody => ({
  ...toCamelCase<PortalQuoteBody>(portalQuote(taskId, lineIds, prices)),
  ...extra,
});

/** A quote the buyer reads once it is open (unsealed): only then does it carry its lines. */
function opened<Q extends { sealed: boolean } | null | undefined>(quote: Q) {
  expect(quote?.sealed).toBe(false);
  return quote as Extract<NonNullable<Q>, { sealed: false }>;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());
// Tests move the clock past the staff session's idle limit.
beforeEach(async () => {
  admin = await t.login();
});

describe('portal accounts', () => {
  it('activates once through a 72-hour link; a reissued link voids the old one', async () => {
    const supplierId = await createSupplier(t, admin, '温州门户激活测试厂');
    const created = await t.api(portalAccountApi.create, { supplierId: supplierId, email: 'Act@Portal.test', name: '李经理' }, admin);
    expect(created.code).toBe(200);
    expect(created.data.activationUrl).toMatch(/^\/portal\/activate\?token=[\w-]{20,}$/);
    const dup = await t.call('/admin/portal_account/create', { supplier_id: supplierId, email: 'act@portal.test', name: '重复' }, admin);
    // A duplicate unique value is 409, the field error kept for the form.
    expect(dup.code).toBe(409);
    expect(dup.data.field_errors).toEqual([{ field: 'email', message: '该邮箱已开通门户账号' }]);

    const list = await t.api(portalAccountApi.list, { supplierId: supplierId }, admin);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: created.data.id,
        supplierId: supplierId,
        email: 'act@portal.test',
        status: 'pending',
        lastLoginAt: null,
        version: 0,
      }),
    ]);
    const reissued = await t.api(portalAccountApi.reissue, { id: created.data.id, version: 0 }, admin);
    expect(reissued.code).toBe(200);
    // The link says whom it is for until it is used; a replaced link says nothing of its account.
    const owner = await t.api(portalApi.activationInfo, { token: tokenOf(reissued.data.activationUrl) });
    expect(owner).toMatchObject({ code: 200, data: { email: 'act@portal.test', name: '李经理', supplierName: '温州门户激活测试厂' } });
    const oldOwner = await t.api(portalApi.activationInfo, { token: tokenOf(created.data.activationUrl) });
    expect({ code: oldOwner.code, message: oldOwner.message, data: oldOwner.data }).toEqual({
      code: 400,
      message: '激活链接无效或已过期',
      data: null,
    });
    const old = await t.api(portalApi.activate, { token: tokenOf(created.data.activationUrl), password: PORTAL_PASSWORD });
    expect({ code: old.code, message: old.message }).toEqual({ code: 400, message: '激活链接无效或已过期' });
    const weak = await t.call('/portal/account/activate', { token: tokenOf(reissued.data.activationUrl), password: 'short' });
    expect(weak.data.field_errors[0].field).toBe('password');
    expect((await t.api(portalApi.activate, { token: tokenOf(reissued.data.activationUrl), password: PORTAL_PASSWORD })).code).toBe(200);
    const again = await t.api(portalApi.activate, { token: tokenOf(reissued.data.activationUrl), password: PORTAL_PASSWORD });
    expect(again.code).toBe(400);
    expect((await t.api(portalApi.activationInfo, { token: tokenOf(reissued.data.activationUrl) })).code).toBe(400);

    // Expired: a link older than 72 hours no longer opens.
    const [acc] = await t.database.db.select().from(portalAccounts).where(eq(portalAccounts.id, created.data.id));
    const late = await t.api(portalAccountApi.reissue, { id: acc.id, version: acc.version }, admin);
    t.clock.advance(72 * 3600_000 + 1000);
    admin = await t.login();
    expect((await t.api(portalApi.activate, { token: tokenOf(late.data.activationUrl), password: PORTAL_PASSWORD })).code).toBe(400);
    // That reissue took the active account back (待激活, password cleared): only a new link lets it in.
    expect((await t.api(portalApi.login, { email: 'act@portal.test', password: PORTAL_PASSWORD })).code).toBe(400);
    const [pending] = await t.database.db.select().from(portalAccounts).where(eq(portalAccounts.id, created.data.id));
    expect(pending.status).toBe('pending');
    const fresh = await t.api(portalAccountApi.reissue, { id: pending.id, version: pending.version }, admin);
    expect((await t.api(portalApi.activate, { token: tokenOf(fresh.data.activationUrl), password: PORTAL_PASSWORD })).code).toBe(200);

    const login = await t.api(portalApi.login, { email: 'act@portal.test', password: PORTAL_PASSWORD });
    expect(login.code).toBe(200);
    expect(login.data.accountId).toBe(created.data.id);
    const info = await t.api(portalApi.accountInfo, {}, login.data.token);
    expect(info.data).toEqual({
      id: created.data.id,
      email: 'act@portal.test',
      name: '李经理',
      supplierId: supplierId,
      supplierName: '温州门户激活测试厂',
    });
  });

  it('keeps the realms apart: a portal token on /api/admin and a staff token on /api/portal get 401', async () => {
    const { token } = await portalSupplier(t, admin, '台州门户隔离测试厂', 'realm@portal.test');
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(401);
    expect((await t.api(procurementTaskApi.list, {}, token)).code).toBe(401);
    expect((await t.api(portalApi.rfqList, {}, admin)).code).toBe(401);
    expect((await t.api(portalApi.accountInfo, {}, admin)).code).toBe(401);
    expect((await t.api(portalApi.rfqList, {}, token)).code).toBe(200);
  });

  it('locks an account after 5 wrong passwords for 15 minutes, with the same answer as an unknown email', async () => {
    await portalSupplier(t, admin, '金华门户锁定测试厂', 'lock@portal.test');
    t.clock.advance(1000);
    const unknown = await t.api(portalApi.login, { email: 'nobody@portal.test', password: 'Wrong12345' });
    expect({ code: unknown.code, message: unknown.message }).toEqual({ code: 400, message: '邮箱或密码错误' });
    for (let i = 0; i < 5; i++) {
      const wrong = await t.api(portalApi.login, { email: 'lock@portal.test', password: 'Wrong12345' });
      expect({ code: wrong.code, message: wrong.message }).toEqual({ code: 400, message: '邮箱或密码错误' });
    }
    const locked = await t.api(portalApi.login, { email: 'lock@portal.test', password: PORTAL_PASSWORD });
    expect({ code: locked.code, message: locked.message }).toEqual({ code: 429, message: '尝试次数过多，请15分钟后再试' });
    t.clock.advance(15 * 60_000 + 1000);
    admin = await t.login();
    expect((await t.api(portalApi.login, { email: 'lock@portal.test', password: PORTAL_PASSWORD })).code).toBe(200);
  });

  it('revokes tokens at once on logout, account disable, supplier disable or blacklist, and a new password', async () => {
    const s = await portalSupplier(t, admin, '丽水门户吊销测试厂', 'revoke@portal.test');
    const second = (await t.api(portalApi.login, { email: 'revoke@portal.test', password: PORTAL_PASSWORD })).data.token;
    expect((await t.api(portalApi.logout, {}, second)).code).toBe(200);
    expect((await t.api(portalApi.accountInfo, {}, second)).code).toBe(401);

    const accountVersion = async () => (await t.api(portalAccountApi.list, { supplierId: s.supplierId }, admin)).data.list[0].version;
    expect((await t.api(portalAccountApi.disable, { id: s.accountId, version: await accountVersion() }, admin)).code).toBe(200);
    expect((await t.api(portalApi.accountInfo, {}, s.token)).code).toBe(401);
    const refused = await t.api(portalApi.login, { email: 'revoke@portal.test', password: PORTAL_PASSWORD });
    expect(refused.code).toBe(400);
    expect((await t.api(portalAccountApi.enable, { id: s.accountId, version: await accountVersion() }, admin)).code).toBe(200);
    // The token revoked by the disable stays revoked after the account is enabled again.
    expect((await t.api(portalApi.accountInfo, {}, s.token)).code).toBe(401);

    for (const status of ['disabled', 'blacklisted'] as const) {
      const token = (await t.api(portalApi.login, { email: 'revoke@portal.test', password: PORTAL_PASSWORD })).data.token;
      expect((await t.api(portalApi.accountInfo, {}, token)).code).toBe(200);
      const supplier = (await t.api(supplierApi.info, { id: s.supplierId }, admin)).data;
      expect((await t.api(supplierApi.status, { id: s.supplierId, version: supplier.version, status }, admin)).code).toBe(200);
      expect((await t.api(portalApi.accountInfo, {}, token)).code).toBe(401);
      const again = (await t.api(supplierApi.info, { id: s.supplierId }, admin)).data;
      expect((await t.api(supplierApi.status, { id: s.supplierId, version: again.version, status: 'enabled' }, admin)).code).toBe(200);
      expect((await t.api(portalApi.accountInfo, {}, token)).code).toBe(401);
    }

    const token = (await t.api(portalApi.login, { email: 'revoke@portal.test', password: PORTAL_PASSWORD })).data.token;
    const link = await t.api(portalAccountApi.reissue, { id: s.accountId, version: await accountVersion() }, admin);
    expect((await t.api(portalApi.activate, { token: tokenOf(link.data.activationUrl), password: 'NewPass2024' })).code).toBe(200);
    expect((await t.api(portalApi.accountInfo, {}, token)).code).toBe(401);
    expect((await t.api(portalApi.login, { email: 'revoke@portal.test', password: 'NewPass2024' })).code).toBe(200);
  });

  it('a reissue on an active account signs it out at once, returns it to 待激活, tells the other accounts, and its audit names who', async () => {
    const s = await portalSupplier(t, admin, '丽水门户重置测试厂', 'taken@portal.test');
    const colleague = await t.api(portalAccountApi.create, { supplierId: s.supplierId, email: 'colleague@portal.test', name: '同事王' }, admin);
    await t.api(portalApi.activate, { token: tokenOf(colleague.data.activationUrl), password: PORTAL_PASSWORD });
    const colleagueToken = (await t.api(portalApi.login, { email: 'colleague@portal.test', password: PORTAL_PASSWORD })).data.token;
    const version = (await t.api(portalAccountApi.list, { supplierId: s.supplierId }, admin)).data.list.find((a) => a.id === s.accountId)!.version;
    const reissued = await t.api(portalAccountApi.reissue, { id: s.accountId, version }, admin);
    expect(reissued.code, reissued.message).toBe(200);
    // Its token stops at once, its old password no longer signs in, and it waits for the new link.
    expect((await t.api(portalApi.accountInfo, {}, s.token)).code).toBe(401);
    expect((await t.api(portalApi.login, { email: 'taken@portal.test', password: PORTAL_PASSWORD })).code).toBe(400);
    const row = (await t.api(portalAccountApi.list, { supplierId: s.supplierId }, admin)).data.list.find((a: { id: number }) => a.id === s.accountId);
    expect(row!.status).toBe('pending');
    // The supplier's other account is told; the colleague keeps its own session.
    const told = await t.api(portalMessageApi.list, {}, colleagueToken);
    expect(told.data.list[0]).toMatchObject({ kind: 'portal_account_reissued', title: '门户账号已重置：taken@portal.test' });
    const adminName = (await t.api(backUserApi.list, { keyword: ADMIN_EMAIL }, admin)).data.list[0].username;
    expect(told.data.list[0].body).toContain(adminName);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'portal_account'), eq(auditLogs.action, 'reissue'), eq(auditLogs.recordId, String(s.accountId))));
    expect(audit).toMatchObject({ userName: adminName, summary: expect.stringContaining(`${adminName} 重新生成激活链接`) });
    expect((await t.api(portalApi.activate, { token: tokenOf(reissued.data.activationUrl), password: 'Fresh2024x' })).code).toBe(200);
    expect((await t.api(portalApi.login, { email: 'taken@portal.test', password: 'Fresh2024x' })).code).toBe(200);
  });

  it('answers 409 to one of two creators racing with one e-mail, the field error kept', async () => {
    const supplierId = await createSupplier(t, admin, '台州门户重复邮箱测试厂');
    const racing = await Promise.all(
      ['twice@portal.test', 'TWICE@portal.test'].map((email) =>
        t.call('/admin/portal_account/create', { supplier_id: supplierId, email, name: '并发' }, admin),
      ),
    );
    expect(racing.map((a) => a.code).sort()).toEqual([200, 409]);
    expect(racing.find((a) => a.code === 409)?.data.field_errors).toEqual([{ field: 'email', message: '该邮箱已开通门户账号' }]);
  });
});

describe('the portal account status machine', () => {
  let supplierId: number;
  let seq = 0;
  beforeAll(async () => {
    supplierId = await createSupplier(t, await t.login(), '嘉兴门户状态测试厂');
  });
  const row = (id: number) => rowById(t, portalAccounts, id);
  const refusals = { disable: '该门户账号已停用', enable: '该门户账号未停用', reissue: '该门户账号已停用，请先启用' };

  sweepStatusMachine({
    machine: PORTAL_ACCOUNT_TRANSITIONS,
    statuses: PORTAL_ACCOUNT_STATUSES,
    // 待激活 is a new account; 已启用 has set its password and signed in; 已停用 was active.
    build: async (status) => {
      seq += 1;
      const email = `machine${seq}@portal.test`;
      if (status === 'pending') {
        return (await t.api(portalAccountApi.create, { supplierId, email, name: '状态机' }, admin)).data.id;
      }
      const { accountId } = await portalAccountOf(t, admin, supplierId, email);
      if (status === 'disabled') await t.api(portalAccountApi.disable, { id: accountId, version: (await row(accountId)).version }, admin);
      return accountId;
    },
    act: async (action, id) => t.api(portalAccountApi[action], { id, version: (await row(id)).version }, admin),
    snapshot: async (id) => ({ account: await row(id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (id) => (await row(id)).status,
    refusal: (action) => refusals[action],
  });
});

describe('RFQs and quoting', () => {
  it('lists only invited, published tasks; another supplier’s task is 404', async () => {
    const w = await portalWorld(t, admin);
    const other = await portalSupplier(t, admin, '湖州未邀请测试厂', 'uninvited@portal.test');
    const list = await t.api(portalApi.rfqList, {}, w.a.token);
    expect(list.data.list[0]).toEqual(
      expect.objectContaining({ taskId: w.taskId, status: 'quoting', sealed: true, invitationStatus: 'pending', lineCount: 2 }),
    );
    expect((await t.api(portalApi.rfqList, {}, other.token)).data.total).toBe(0);
    expect((await t.api(portalApi.rfqInfo, { taskId: w.taskId }, other.token)).code).toBe(404);
    const info = await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.a.token);
    expect(info.data.task.lines.map((l: { unit: string; quantity: number }) => [l.unit, l.quantity])).toEqual([
      ['件', 100],
      ['件', 300],
    ]);
    expect(info.data).toMatchObject({ invitationStatus: 'pending', quote: null, revisions: [], outcome: null });
  });

  it('keeps every revision with its receipt; refuses foreign and duplicate lines and extra fields', async () => {
    const w = await portalWorld(t, admin);
    const foreign = await portalWorld(t, admin);
    const bad = await t.call('/portal/quotation/submit', portalQuote(w.taskId, [w.lineIds[0], foreign.lineIds[0]], [100, 200]), w.a.token);
    expect(bad.data.field_errors).toEqual([{ field: 'lines.1.task_line_id', message: '报价行不属于该询价' }]);
    const dup = await t.call('/portal/quotation/submit', portalQuote(w.taskId, [w.lineIds[0], w.lineIds[0]], [100, 200]), w.a.token);
    expect(dup.data.field_errors[0].field).toBe('lines.1.task_line_id');
    const extra = await t.call(
      '/portal/quotation/submit',
      { ...portalQuote(w.taskId, w.lineIds, [100, 200]), supplier_id: w.b.supplierId },
      w.a.token,
    );
    expect(extra.code).toBe(400);

    const first = await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [4321, null]), w.a.token);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ revision: 1, submittedAt: t.clock.now.toISOString() });
    expect(first.data.receiptSha256).toMatch(/^[0-9a-f]{64}$/);
    t.clock.advance(60_000);
    const second = await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [4300, 1150], { freightMode: 'estimated' }), w.a.token);
    expect(second.data.revision).toBe(2);
    const info = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.a.token)).data;
    expect(info.invitationStatus).toBe('received');
    expect(info.quote).toMatchObject({ revision: 2, freightMode: 'estimated', enteredByBuyer: false });
    expect(info.quote!.lines.map((l) => l.unitPriceFen)).toEqual([4300, 1150]);
    expect(info.quote!.freightFen).toBeGreaterThan(0);
    expect(info.revisions).toEqual([
      {
        revision: 1,
        submittedAt: first.data.submittedAt,
        receiptSha256: first.data.receiptSha256,
        canonicalContent: expect.any(String),
        enteredByBuyer: false,
      },
      {
        revision: 2,
        submittedAt: second.data.submittedAt,
        receiptSha256: second.data.receiptSha256,
        canonicalContent: expect.any(String),
        enteredByBuyer: false,
      },
    ]);
    // B sees nothing of A.
    const b = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.b.token)).data;
    expect(b).toMatchObject({ quote: null, revisions: [] });
    expect(JSON.stringify(b)).not.toContain('4300');

    const estimate = await t.api(portalApi.estimateFreight, { taskId: w.taskId }, w.a.token);
    expect(estimate.data.groups[0].items.map((i: { index: number }) => i.index)).toEqual([0, 1]);
    expect((await t.api(portalApi.estimateFreight, { taskId: w.taskId }, w.b.token)).code).toBe(409);
  });

  it('declines with a reason and takes it back by submitting', async () => {
    const w = await portalWorld(t, admin);
    expect((await t.api(portalApi.declineQuote, { taskId: w.taskId, reason: '' }, w.b.token)).code).toBe(400);
    expect((await t.api(portalApi.declineQuote, { taskId: w.taskId, reason: '产能已满' }, w.b.token)).code).toBe(200);
    const info = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.b.token)).data;
    expect(info).toMatchObject({ invitationStatus: 'declined', declineReason: '产能已满' });
    expect((await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [1000, 500]), w.b.token)).code).toBe(200);
    expect((await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.b.token)).data.invitationStatus).toBe('received');
  });

  it('refuses a submit, a decline or a question one second after the deadline with 409 报价已截止', async () => {
    const w = await portalWorld(t, admin);
    expect((await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [1000, 500]), w.a.token)).code).toBe(200);
    t.clock.advance(2 * DAY + 1000);
    w.a.token = await portalLogin(t, w.a.email);
    for (const [path, body] of [
      ['/portal/quotation/submit', portalQuote(w.taskId, w.lineIds, [900, 400])],
      ['/portal/quotation/decline', { task_id: w.taskId, reason: '来不及' }],
      ['/portal/clarification/ask', { task_id: w.taskId, question: '还能报吗？' }],
    ] as const) {
      const late = await t.call(path, body, w.a.token);
      expect({ path, code: late.code, message: late.message }).toEqual({ path, code: 409, message: '报价已截止' });
    }
    const info = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.a.token)).data;
    expect(info.revisions).toHaveLength(1);
    expect(info.task.status).toBe('evaluating');
    admin = await t.login();
  });

  it('lets a submit racing the deadline job land before the close or not at all', async () => {
    const w = await portalWorld(t, admin);
    t.clock.advance(2 * DAY - 1);
    w.a.token = await portalLogin(t, w.a.email);
    const submit = t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [777, 333]), w.a.token);
    t.clock.advance(1);
    const [answer, closed] = await Promise.all([submit, closePassedDeadlines(t.database.db, t.clock.now)]);
    expect(closed).toContain(w.taskId);
    admin = await t.login();
    const view = (await t.api(procurementTaskApi.compare, { id: w.taskId }, admin)).data;
    const quote = view.suppliers.find((s) => s.supplierId === w.a.supplierId)!.quote;
    if (answer.code === 200) {
      // Landed before the close: the close unsealed it with the rest.
      expect(quote).toMatchObject({ sealed: false, revision: 1 });
      expect(opened(quote).lines.map((l) => l.unitPriceFen)).toEqual([777, 333]);
    } else {
      expect(answer).toMatchObject({ code: 409, message: '报价已截止' });
      expect(quote).toBeNull();
    }
  });
});

describe('代录 and the portal', () => {
  it('marks a buyer-entered quote 代录; a later portal revision supersedes it', async () => {
    const w = await portalWorld(t, admin, { sealed: false });
    const day = (offset: number) => shanghaiDay(t, offset);
    const entered = await t.api(
      quotationApi.save,
      {
        taskId: w.taskId,
        supplierId: w.a.supplierId,
        quoteDate: day(0),
        validUntil: day(30),
        freightMode: 'manual',
        freightFen: 100,
        lines: w.lineIds.map((id) => ({ taskLineId: id, unitPriceFen: 2222 })),
      },
      admin,
    );
    expect(entered.code).toBe(200);
    const own = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.a.token)).data;
    expect(own.quote).toMatchObject({ revision: 1, enteredByBuyer: true });
    expect((await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [2100, 2000]), w.a.token)).data.revision).toBe(2);
    const view = (await t.api(procurementTaskApi.compare, { id: w.taskId }, admin)).data;
    const a = view.suppliers.find((s) => s.supplierId === w.a.supplierId)!;
    expect(a.quote).toMatchObject({ sealed: false, revision: 2, enteredByBuyer: false });
    expect(opened(a.quote).lines.map((l) => l.unitPriceFen)).toEqual([2100, 2000]);
    expect(a.revisions.map((r) => [r.revision, r.enteredByBuyer, r.receiptSha256?.length])).toEqual([
      [1, true, 64],
      [2, false, 64],
    ]);
  });
});

describe('clarifications and outcomes', () => {
  it('shows answered questions to every invited supplier without the asker, and own open ones', async () => {
    const w = await portalWorld(t, admin);
    const asked = await t.api(portalApi.ask, { taskId: w.taskId, question: '浴巾克重要求是多少？' }, w.a.token);
    expect(asked.code).toBe(200);
    await t.api(portalApi.ask, { taskId: w.taskId, question: '衣架颜色可选吗？' }, w.a.token);
    expect((await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.b.token)).data.clarifications).toEqual([]);
    const list = (await t.api(clarificationApi.list, { taskId: w.taskId }, admin)).data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ supplierId: w.a.supplierId, question: '浴巾克重要求是多少？', answer: null, version: 0 });
    expect((await t.api(clarificationApi.answer, { id: list[0].id, version: 0, answer: '500克' }, admin)).code).toBe(200);
    expect((await t.api(clarificationApi.answer, { id: list[0].id, version: 0, answer: '600克' }, admin)).code).toBe(409);
    const seenByB = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.b.token)).data.clarifications;
    expect(seenByB).toEqual([expect.objectContaining({ question: '浴巾克重要求是多少？', answer: '500克', mine: false })]);
    expect(JSON.stringify(seenByB)).not.toContain('杭州');
    const seenByA = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.a.token)).data.clarifications;
    expect(seenByA.map((c: { mine: boolean; answer: string | null }) => [c.mine, c.answer])).toEqual([
      [true, '500克'],
      [true, null],
    ]);
  });

  it('after the award each supplier sees only its own lines won, quantities and prices', async () => {
    const w = await portalWorld(t, admin);
    await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [4000, 1300]), w.a.token);
    await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [4100, 1200]), w.b.token);
    let task = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    expect((await t.api(procurementTaskApi.unseal, { id: w.taskId, version: task.version, reason: '两家均已报价' }, admin)).code).toBe(200);
    task = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    const award = await t.api(
      procurementTaskApi.award,
      {
        id: w.taskId,
        version: task.version,
        lines: [
          { taskLineId: w.lineIds[0], supplierId: w.a.supplierId },
          { taskLineId: w.lineIds[1], supplierId: w.b.supplierId },
        ],
      },
      admin,
    );
    expect(award.code).toBe(200);
    const a = (await t.api(portalApi.rfqInfo, { taskId: w.taskId }, w.a.token)).data;
    expect(a.outcome!.lines).toEqual([
      { taskLineId: w.lineIds[0], won: true, quantity: 100, unitPriceFen: 4000 },
      { taskLineId: w.lineIds[1], won: false, quantity: 300, unitPriceFen: 1300 },
    ]);
    expect(JSON.stringify(a)).not.toContain('4100');
    expect(JSON.stringify(a)).not.toContain('1200');
    // 我的询价 marks it: each won one of the two lines.
    for (const token of [w.a.token, w.b.token]) {
      const row = (await t.api(portalApi.rfqList, {}, token)).data.list.find((r) => r.taskId === w.taskId);
      expect(row!.outcome).toBe('partial');
    }
  });

  it('marks each awarded task 中标 / 未中标 in 我的询价, and nothing before the award', async () => {
    const w = await portalWorld(t, admin);
    await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [4000, 1200]), w.a.token);
    await t.api(portalApi.submitQuote, typedQuote(w.taskId, w.lineIds, [4100, 1300]), w.b.token);
    const outcomeOf = async (token: string) => (await t.api(portalApi.rfqList, {}, token)).data.list.find((r) => r.taskId === w.taskId)!.outcome;
    expect([await outcomeOf(w.a.token), await outcomeOf(w.b.token)]).toEqual([null, null]);
    let task = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    expect((await t.api(procurementTaskApi.unseal, { id: w.taskId, version: task.version, reason: '两家均已报价' }, admin)).code).toBe(200);
    task = (await t.api(procurementTaskApi.info, { id: w.taskId }, admin)).data;
    const lines = w.lineIds.map((id) => ({ taskLineId: id, supplierId: w.a.supplierId }));
    expect((await t.api(procurementTaskApi.award, { id: w.taskId, version: task.version, lines }, admin)).code).toBe(200);
    expect([await outcomeOf(w.a.token), await outcomeOf(w.b.token)]).toEqual(['won', 'lost']);
  });
});

describe('the demo', () => {
  it('opens two demo portal accounts whose links activate them, invited to a sealed task in 报价中', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO: 'true', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    const database = openDatabase({ dataDir: config.DATA_DIR });
    try {
      await database.migrate();
      const seeded = await seedDatabase(database.db, config, t.clock.now);
      expect(seeded.portalLinks.map((l) => l.email)).toEqual(['chen@yiwu-youpin.com', 'liang@shunde-meiju.com']);
      expect((await seedDatabase(database.db, config, t.clock.now)).portalLinks).toEqual([]);
      const demo = await buildApp({ db: database.db, config, now: () => t.clock.now, logger: false });
      const call = async (url: string, body: unknown, token?: string) =>
        (
          await demo.inject({
            method: 'POST',
            url: `/api${url}`,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            payload: JSON.stringify(body),
          })
        ).json();
      for (const link of seeded.portalLinks) {
        expect((await call('/portal/account/activate', { token: tokenOf(link.path), password: PORTAL_PASSWORD })).code).toBe(200);
        const { data } = await call('/portal/login', { email: link.email, password: PORTAL_PASSWORD });
        const rfqs = (await call('/portal/rfq/list', {}, data.token)).data.list;
        expect(rfqs[0]).toEqual(
          expect.objectContaining({
            name: '年货节收纳备货',
            status: 'quoting',
            sealed: true,
            invitation_status: 'pending',
            line_count: 3,
          }),
        );
        // The demo tasks quoted before sealing existed stay open to read.
        expect(rfqs.slice(1).every((r: { sealed: boolean }) => !r.sealed)).toBe(true);
      }
      await demo.close();
    } finally {
      await database.close();
    }
  });
});

describe('the per-IP limit', () => {
  it('stops an address after 30 failures in 15 minutes, whatever the emails', async () => {
    await portalSupplier(t, admin, '舟山门户限流测试厂', 'ip@portal.test');
    t.clock.advance(1000);
    for (let i = 0; i < 30; i++) await t.api(portalApi.login, { email: `guess${i}@portal.test`, password: 'Wrong12345' });
    const blocked = await t.api(portalApi.login, { email: 'ip@portal.test', password: PORTAL_PASSWORD });
    expect({ code: blocked.code, message: blocked.message }).toEqual({ code: 429, message: '尝试次数过多，请15分钟后再试' });
    // The staff sign-in keeps its own count.
    expect((await t.api(authApi.login, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).code).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await t.api(portalApi.login, { email: 'ip@portal.test', password: PORTAL_PASSWORD })).code).toBe(200);
  });
});
