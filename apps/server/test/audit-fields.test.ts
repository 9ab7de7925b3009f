import { AUDIT_VOCABULARIES, auditCodeLabel, auditFieldLabel, auditValueText, auditVocabulary, isMoneyField, authApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/db/schema';
import { ADMIN_PASSWORD, type ApiPath, createTestApp, shanghaiDay, type TestApp } from './helpers';
import { createWeightTemplate, seedCommodities, seedDictionaries, supplierBody } from './procurement-fixtures';

/**
 * Every field the audit rows hold is named for people (docs/rules/vocabulary.md): after a day's work
 * through the API in every area that writes audit rows, each key of every row's before / after (and
 * of their line rows) has a Chinese label in its module's vocabulary, every money field reads as ¥
 * with separators, and no summary shows an amount in bare fen.
 */
let t: TestApp;
let admin: string;

async function ok(path: ApiPath | string, body: Record<string, unknown>, token = admin) {
  const answer = await t.call(path as ApiPath, body, token);
  expect(answer.code, `${path}: ${answer.message} ${JSON.stringify(answer.data)}`).toBe(200);
  return answer.data;
}
const versionOf = async (resource: string, id: number) => (await ok(`/admin/${resource}/info`, { id })).version as number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
}, 120_000);
afterAll(() => t.close());

async function aDayOfWork() {
  const { ids: commodityIds } = await seedCommodities(t, [
    { sku: 'AF-1', name: '北欧风收纳箱', weightG: 800, priceFen: 3000 },
    { sku: 'AF-2', name: '硅胶保鲜盒', weightG: 350, priceFen: 2000 },
  ]);
  const templateId = await createWeightTemplate(t, admin);

  // Access: a role, a user, a reset and a status change.
  const role = await ok('/admin/role/create', { name: '审计员', code: 'auditor', permission_codes: ['basic', 'operationLog'] });
  await ok('/admin/role/update', {
    id: role.id,
    version: (await ok('/admin/role/detail', { id: role.id })).version,
    name: '审计专员',
    code: 'auditor',
  });
  await ok('/admin/role/update_permissions', {
    id: role.id,
    version: (await ok('/admin/role/detail', { id: role.id })).version,
    permission_codes: ['basic', 'operationLog', 'supplierManagement', 'supplierManagement:export'],
  });
  const user = await ok('/admin/back_user/create', { email: 'audit@jiaju.com', username: '钱审计', role_id: role.id, password: 'Audit12345' });
  const userRow = (await ok('/admin/back_user/list', { keyword: 'audit@jiaju.com' })).list[0];
  await ok('/admin/back_user/update', { id: user.id, version: userRow.version, email: 'audit@jiaju.com', username: '钱审计员', role_id: role.id });
  const own = await t.login('audit@jiaju.com', 'Audit12345');
  await ok('/admin/back_user/change_password', { old_password: 'Audit12345', new_password: 'Audit67890', confirm_password: 'Audit67890' }, own);
  await t.api(authApi.login, { email: 'audit@jiaju.com', password: ADMIN_PASSWORD });

  // Suppliers.
  const s1 = (await ok('/admin/supplier/create', supplierBody('审计义乌优品家居有限公司', { price_template_id: templateId }))).id;
  const s2 = (await ok('/admin/supplier/create', supplierBody('审计佛山顺德美居制品厂'))).id;
  const s2Info = await ok('/admin/supplier/info', { id: s2 });
  await ok('/admin/supplier/update', { ...supplierBody('审计佛山顺德美居制品厂', { short_name: '顺德美居' }), id: s2, version: s2Info.version });

  // A plan from draft to approval, then procurement through award and completion.
  const plan = await ok('/admin/planning_task/create', {
    name: '审计补货计划',
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: shanghaiDay(t, 1),
    period_end: shanghaiDay(t, 30),
    lines: [
      { commodity_id: commodityIds[0], quantity: 20 },
      { commodity_id: commodityIds[1], quantity: 30, budget_unit_price_fen: 2100 },
    ],
  });
  const planInfo = await ok('/admin/planning_task/info', { id: plan.id });
  await ok('/admin/planning_task/update', {
    id: plan.id,
    version: planInfo.version,
    name: '审计补货计划（改）',
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: planInfo.period_start,
    period_end: planInfo.period_end,
    lines: planInfo.lines.map((l: { id: number; commodity_id: number; quantity: number }) => ({
      id: l.id,
      commodity_id: l.commodity_id,
      quantity: l.quantity + 1,
    })),
  });
  // A second person reviews (four-eyes): rejects once, then approves with a comment.
  const reviewerRole = await ok('/admin/role/create', {
    name: '审核员',
    code: 'reviewer',
    permission_codes: ['planningTaskList', 'planningTaskList:approve'],
  });
  await ok('/admin/back_user/create', { email: 'review@jiaju.com', username: '孙审核', role_id: reviewerRole.id, password: 'Review12345' });
  const reviewer = await t.login('review@jiaju.com', 'Review12345');
  const planAct = async (action: string, token: string, extra: Record<string, unknown> = {}) =>
    ok(`/admin/planning_task/${action}`, { id: plan.id, version: await versionOf('planning_task', plan.id), ...extra }, token);
  await planAct('submit', admin);
  await planAct('reject', reviewer, { reason: '数量偏多' });
  await planAct('submit', admin);
  await planAct('approve', reviewer, { comment: '同意' });
  const generated = await planAct('generate', admin, { mode: 'plan' });
  const taskId = generated.task_ids[0] as number;

  // The generated draft gets its suppliers, is published, quoted twice, closed, awarded off the lowest with a reason, completed.
  const task = await ok('/admin/procurement_task/info', { id: taskId });
  await ok('/admin/procurement_task/update', {
    id: taskId,
    version: task.version,
    name: task.name,
    plan_id: task.plan_id,
    buyer_id: task.buyer_id,
    quote_deadline: new Date(t.clock.now.getTime() + 2 * 86_400_000).toISOString(),
    delivery_region_code: '440305',
    lines: task.lines.map((l: { commodity_id: number; quantity: number; plan_line_id: number }) => ({
      commodity_id: l.commodity_id,
      quantity: l.quantity,
      target_price_fen: 2500,
      plan_line_id: l.plan_line_id,
    })),
    supplier_ids: [s1, s2],
    // Quoted in the open and closed by hand below (a sealed task opens by 提前开标 or at its deadline).
    sealed: false,
  });
  const taskAct = async (action: string, extra: Record<string, unknown> = {}) =>
    ok(`/admin/procurement_task/${action}`, { id: taskId, version: await versionOf('procurement_task', taskId), ...extra });
  await taskAct('publish');
  const lines = (await ok('/admin/procurement_task/info', { id: taskId })).lines as { id: number }[];
  for (const [supplierId, price] of [
    [s1, 2000],
    [s2, 2600],
  ]) {
    await ok('/admin/quotation/save', {
      task_id: taskId,
      supplier_id: supplierId,
      quote_date: shanghaiDay(t, 0),
      valid_until: shanghaiDay(t, 30),
      tax_rate_percent: 13,
      freight_mode: 'manual',
      freight_fen: 1200,
      lines: lines.map((l) => ({ task_line_id: l.id, unit_price_fen: price, moq: 1, lead_time_days: 5 })),
    });
  }
  await taskAct('close_quote');
  await taskAct('award', { lines: lines.map((l) => ({ task_line_id: l.id, supplier_id: s2, reason: '顺德美居交期更稳' })) });
  await taskAct('complete');
}

/** Every key of an audit payload, with the values found under it (line rows and nested objects walked). */
function fieldsOf(value: unknown, into: Map<string, unknown[]> = new Map()): Map<string, unknown[]> {
  if (Array.isArray(value)) for (const item of value) fieldsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.set(key, [...(into.get(key) ?? []), inner]);
      if (inner && typeof inner === 'object') fieldsOf(inner, into);
    }
  }
  return into;
}

describe('audit fields for people', () => {
  it('labels every field of every row and formats every amount', async () => {
    await aDayOfWork();
    const rows = await t.database.db.select().from(auditLogs);
    const modules = new Set(AUDIT_VOCABULARIES.map((v) => v.module));
    expect(rows.some((r) => r.module === 'role' && r.action === 'update_permissions')).toBe(true);
    const award = rows.find((r) => r.module === 'procurement_task' && r.action === 'award');
    // The award names its lines and suppliers as they read then, with the buyer's reason.
    expect((award?.after as { lines?: unknown[] } | undefined)?.lines?.[0]).toMatchObject({
      skuCode: 'AF-1',
      commodityName: '北欧风收纳箱',
      supplierName: '审计佛山顺德美居制品厂',
      reason: '顺德美居交期更稳',
    });
    expect(rows.some((r) => r.module === 'planning_task' && r.action === 'award')).toBe(true);
    const unlabelled: string[] = [];
    const unformatted: string[] = [];
    for (const row of rows) {
      expect(row.summary ?? '', `${row.module}.${row.action}: an amount in bare fen`).not.toMatch(/\d\s*分/);
      if (!modules.has(row.module)) continue;
      for (const [field, values] of fieldsOf([row.before, row.after])) {
        if (/^\d+$/.test(field)) continue;
        if (auditFieldLabel(row.module, field) === field) unlabelled.push(`${row.module}.${row.action}: ${field}`);
        // A coded field (a status, a permission code…) shows every value by its label.
        if (auditVocabulary(row.module)?.values?.[field]) {
          for (const value of values.flat()) {
            if (typeof value === 'string' && !auditCodeLabel(row.module, field, value)) unlabelled.push(`${row.module}.${field} = ${value}`);
          }
        }
        if (!isMoneyField(field)) continue;
        for (const value of values) {
          if (typeof value === 'number' && !/^¥-?[\d,]+\.\d{2}$/.test(auditValueText(row.module, field, value))) {
            unformatted.push(`${row.module}.${field}: ${value}`);
          }
        }
      }
    }
    expect([...new Set(unlabelled)]).toEqual([]);
    expect(unformatted).toEqual([]);
  }, 120_000);
});
