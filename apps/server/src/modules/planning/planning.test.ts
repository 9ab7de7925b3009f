import {
  backUserApi,
  commodityApi,
  PLAN_STATUS_LABELS,
  PLAN_STATUSES,
  PLAN_TRANSITIONS,
  type PlanAction,
  type PlanCreateBody,
  type PlanStatus,
  planningApi,
  procurementTaskApi,
  purchaseOrderApi,
  quotationApi,
  supplierApi,
  toCamelCase,
  workbenchApi,
} from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan as buildPlan } from '../../../test/builders';
import { ADMIN_PASSWORD, type ApiAction, createTestApp, queryRows, shanghaiDay, type TestApp } from '../../../test/helpers';
import { supplierBody } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { commodities, planningTaskLines, planningTasks, procurementTaskLines } from '../../db/schema';
import { recordPlanAwards } from './award-writeback';

let t: TestApp;
let admin: string;
let planner: string;
let manager: string;
let buyer: string;
let plannerId: number;
let buyerId: number;
let goods: { id: number; skuCode: string; referencePriceFen: number; categoryId: number }[];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
  manager = await t.login('manager@jiaju.com', ADMIN_PASSWORD);
  buyer = await t.login('buyer@jiaju.com', ADMIN_PASSWORD);
  const users = (await t.api(backUserApi.options, {}, admin)).data as { label: string; value: number }[];
  plannerId = users.find((o) => o.label.includes('王计划'))?.value as number;
  buyerId = users.find((o) => o.label.includes('李采购'))?.value as number;
  goods = (await t.api(commodityApi.list, { pageSize: 50, status: 'enabled' }, admin)).data.list;
  // Lines in at least two categories, for generation by category.
  goods.sort((a, b) => a.categoryId - b.categoryId || a.id - b.id);
});
afterAll(() => t.close());

const header = {
  name: '2026年12月常规补货计划-上海仓',
  plan_type: 'regular',
  warehouse: 'sh_jiading',
  period_start: '2026-12-01',
  period_end: '2026-12-31',
  required_by: '2026-12-20',
};
/** The same header as the contract types it, for the typed calls. */
const typedHeader = toCamelCase<Pick<PlanCreateBody, 'name' | 'planType' | 'warehouse' | 'periodStart' | 'periodEnd' | 'requiredBy'>>(header);

/** A plan with the header above and the given commodities, 10, 20, 30… of each. */
const createPlan = (token = planner, lines = [goods[0], goods[1], goods[2]], extra: Partial<PlanCreateBody> = {}) =>
  buildPlan(t, token, {
    name: header.name,
    periodStart: header.period_start,
    periodEnd: header.period_end,
    requiredBy: header.required_by,
    lines: lines.map((g, i) => ({ commodityId: g.id, quantity: (i + 1) * 10 })),
    ...extra,
  });

const info = async (id: number) => (await t.api(planningApi.info, { id }, admin)).data;
const act = async (action: ApiAction<'planning_task'>, id: number, token: string, extra: Record<string, unknown> = {}) => {
  const { version } = await info(id);
  return t.call(`/admin/planning_task/${action}`, { id, version, ...extra }, token);
};

/** A plan's row, its lines and the audit trail's length: what a refused act must leave as it was. */
async function planRows(id: number) {
  const db = t.database.db;
  return {
    plan: await db.select().from(planningTasks).where(eq(planningTasks.id, id)),
    lines: await db.select().from(planningTaskLines).where(eq(planningTaskLines.planId, id)).orderBy(planningTaskLines.id),
    audit: await auditRowCount(db),
  };
}

async function setStatus(id: number, status: PlanStatus) {
  await t.database.db.update(planningTasks).set({ status }).where(eq(planningTasks.id, id));
}

describe('creating and editing a plan', () => {
  it('creates a draft with a JH code, lines priced at the reference price and totals', async () => {
    const id = await createPlan();
    const plan = await info(id);
    expect(plan).toMatchObject({
      name: header.name,
      status: 'draft',
      planType: 'regular',
      warehouse: 'sh_jiading',
      periodStart: '2026-12-01',
      owner: { username: '王计划' },
      lineCount: 3,
      plannedQuantity: 60,
      awardedQuantity: 0,
      progress: 0,
      version: 0,
    });
    expect(plan.code).toMatch(/^JH\d{8}\d{4}$/);
    expect(plan.lines.map((l) => l.budgetUnitPriceFen)).toEqual([0, 1, 2].map((i) => goods[i].referencePriceFen));
    expect(plan.lines[1]).toMatchObject({ skuCode: goods[1].skuCode, quantity: 20, budgetAmountFen: 20 * goods[1].referencePriceFen });
    expect(plan.budgetTotalFen).toBe(10 * goods[0].referencePriceFen + 20 * goods[1].referencePriceFen + 30 * goods[2].referencePriceFen);
    expect(plan.timeline).toEqual([expect.objectContaining({ action: 'create', userName: '王计划', toStatus: 'draft' })]);
  });

  it('validates the header and the lines with Chinese field errors', async () => {
    const fields = (a: { data: { field_errors: { field: string }[] } }) => a.data.field_errors.map((e) => e.field);
    const badPeriod = await t.call('/admin/planning_task/create', { ...header, period_end: '2026-11-01' }, planner);
    expect(badPeriod).toMatchObject({ code: 400, message: '计划结束日期不能早于开始日期' });
    const missing = await t.call('/admin/planning_task/create', { lines: [] }, planner);
    expect(fields(missing).sort()).toEqual(['name', 'plan_type', 'warehouse']);
    const zero = await t.call('/admin/planning_task/create', { ...header, lines: [{ commodity_id: goods[0].id, quantity: 0 }] }, planner);
    expect(zero.data.field_errors).toEqual([{ field: 'lines.0.quantity', message: '计划数量须大于0' }]);
    const twice = await t.call(
      '/admin/planning_task/create',
      {
        ...header,
        lines: [
          { commodity_id: goods[0].id, quantity: 1 },
          { commodity_id: goods[0].id, quantity: 2 },
        ],
      },
      planner,
    );
    expect(twice.data.field_errors).toEqual([{ field: 'lines.1.commodity_id', message: '第2行：商品重复' }]);
    const notADay = await t.call('/admin/planning_task/create', { ...header, period_start: '2026-02-30' }, planner);
    expect(notADay.data.field_errors).toEqual([{ field: 'period_start', message: '计划开始日期不是有效日期' }]);
    const badType = await t.call('/admin/planning_task/create', { ...header, plan_type: 'no_such_type' }, planner);
    expect(badType.data.field_errors).toEqual([{ field: 'plan_type', message: '计划类型无效' }]);
    const unknown = await t.call('/admin/planning_task/create', { ...header, lines: [{ commodity_id: 999999, quantity: 1 }] }, planner);
    expect(unknown).toMatchObject({ code: 400, message: '第1行：商品不存在' });
    const [disabled] = await t.database.db.select().from(commodities).where(eq(commodities.status, 'disabled')).limit(1);
    const off = await t.call('/admin/planning_task/create', { ...header, lines: [{ commodity_id: disabled.id, quantity: 1 }] }, planner);
    expect(off).toMatchObject({ code: 400, message: '第1行：商品已停用' });
  });

  it('updates header and lines under the version, keeping line ids, and refuses a stale version', async () => {
    const id = await createPlan();
    const before = await info(id);
    const lines = [
      { id: before.lines[0].id, commodityId: before.lines[0].commodityId, quantity: 5, budgetUnitPriceFen: 1234 },
      { commodityId: goods[3].id, quantity: 7, remark: '新增' },
    ];
    const update = await t.api(planningApi.update, { ...typedHeader, id, version: 0, name: '改名计划', lines }, planner);
    expect(update.code, update.message).toBe(200);
    const after = await info(id);
    expect(after).toMatchObject({ name: '改名计划', version: 1, lineCount: 2, plannedQuantity: 12 });
    expect(after.lines[0]).toMatchObject({ id: before.lines[0].id, quantity: 5, budgetUnitPriceFen: 1234 });
    expect(after.lines[1]).toMatchObject({ commodityId: goods[3].id, remark: '新增', budgetUnitPriceFen: goods[3].referencePriceFen });
    const stale = await t.api(planningApi.update, { ...typedHeader, id, version: 0, lines }, planner);
    expect(stale).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    expect((await info(id)).name).toBe('改名计划');
  });
});

describe('the status machine', () => {
  const bodies: Record<PlanAction, (id: number, version: number) => [ApiAction<'planning_task'>, Record<string, unknown>]> = {
    edit: (id, version) => ['update', { ...header, id, version, lines: [{ commodity_id: goods[0].id, quantity: 3 }] }],
    delete: (id, version) => ['delete', { id, version }],
    submit: (id, version) => ['submit', { id, version }],
    approve: (id, version) => ['approve', { id, version }],
    reject: (id, version) => ['reject', { id, version, reason: '数量偏大' }],
    cancel: (id, version) => ['cancel', { id, version }],
    generate: (id, version) => ['generate', { id, version, mode: 'plan' }],
    close: (id, version) => ['close', { id, version, reason: '供应商缺货，手动结束' }],
  };

  sweepStatusMachine({
    machine: PLAN_TRANSITIONS,
    statuses: PLAN_STATUSES,
    build: async (status) => {
      const id = await createPlan();
      await setStatus(id, status);
      return id;
    },
    act: (action, id) => {
      const [path, body] = bodies[action](id, 0);
      return t.call(`/admin/planning_task/${path}`, body, admin);
    },
    snapshot: planRows,
    statusOf: async (id) => (await info(id))?.status,
    listed: async (id) => (await info(id)).allowedActions,
    refusal: (_action, status) => new RegExp(`^计划当前状态为「${PLAN_STATUS_LABELS[status]}」`),
  });

  it('lands in the right status after each legal step and names the current status when refusing', async () => {
    const id = await createPlan();
    expect((await act('approve', id, manager)).message).toBe('计划当前状态为「草稿」，不能审核通过');
    expect((await act('submit', id, planner)).code).toBe(200);
    expect((await info(id)).status).toBe('submitted');
    expect((await act('update', id, planner, { ...header, lines: [] })).message).toBe('计划当前状态为「待审核」，不能编辑');
    expect((await act('reject', id, manager, { reason: '' })).code).toBe(400);
    expect((await act('reject', id, manager, { reason: '请补充季节备货' })).code).toBe(200);
    expect(await info(id)).toMatchObject({ status: 'rejected', rejectReason: '请补充季节备货' });
    expect((await act('submit', id, planner)).code).toBe(200);
    expect(await info(id)).toMatchObject({ status: 'submitted', rejectReason: null });
    expect((await act('approve', id, manager)).code).toBe(200);
    expect((await info(id)).status).toBe('approved');
    expect((await act('delete', id, planner)).message).toBe('计划当前状态为「已审核」，不能删除');
    expect((await act('cancel', id, planner, { reason: '需求取消' })).code).toBe(200);
    const cancelled = await info(id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.timeline.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'reject', 'submit', 'approve', 'cancel']);
    expect(cancelled.timeline[2]).toMatchObject({ userName: '张主管', fromStatus: 'submitted', toStatus: 'rejected', reason: '请补充季节备货' });
    expect(cancelled.timeline[5]).toMatchObject({ userName: '王计划', toStatus: 'cancelled', reason: '需求取消' });
  });

  it('submits only with at least one line and a period', async () => {
    const empty = await createPlan(planner, []);
    expect(await act('submit', empty, planner)).toMatchObject({ code: 400, message: '计划至少需要一条明细才能提交' });
    const noPeriod = await createPlan(planner, [goods[0]], { periodStart: null, periodEnd: null });
    expect(await act('submit', noPeriod, planner)).toMatchObject({ code: 400, message: '请先填写计划周期再提交' });
  });

  it('deletes a draft with its lines', async () => {
    const id = await createPlan();
    expect((await act('delete', id, planner)).code).toBe(200);
    expect((await t.api(planningApi.info, { id }, admin)).code).toBe(404);
    const lines = await t.database.db.select().from(planningTaskLines).where(eq(planningTaskLines.planId, id));
    expect(lines).toEqual([]);
  });
});

describe('four-eyes approval', () => {
  it('tells each reviewer in the list and the detail why they may not review, and keeps an approval comment', async () => {
    const id = await createPlan(planner, [goods[0]]);
    expect((await act('submit', id, planner)).code).toBe(200);
    const reasonFor = async (token: string) => {
      const listed = (await t.api(planningApi.list, { page: 1, pageSize: 200, status: 'submitted' }, token)).data.list.find(
        (p: { id: number }) => p.id === id,
      );
      const detail = (await t.api(planningApi.info, { id }, token)).data;
      expect(listed!.reviewBlockedReason).toBe(detail.reviewBlockedReason);
      return detail.reviewBlockedReason;
    };
    expect(await reasonFor(planner)).toBe('不能审核自己参与编制的计划');
    expect(await reasonFor(manager)).toBeNull();
    expect((await act('approve', id, manager, { comment: '  同意，按期采购 ' })).code).toBe(200);
    const approved = await info(id);
    expect(approved.timeline.at(-1)).toMatchObject({ action: 'approve', userName: '张主管', reason: '同意，按期采购' });
  });

  it('leaves approve and reject out of the allowed actions of whoever drew the plan up, and the server refuses them alike', async () => {
    const id = await createPlan(planner, [goods[0]]);
    expect((await act('submit', id, admin)).code).toBe(200);
    const allowedFor = async (token: string) => (await t.api(planningApi.info, { id }, token)).data.allowedActions;
    // The creator and owner, and the submitter: neither approve nor reject.
    expect(await allowedFor(planner)).toEqual([]);
    expect(await allowedFor(admin)).toEqual([]);
    expect(await act('approve', id, admin)).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    expect(await act('reject', id, planner, { reason: '自己驳回' })).toMatchObject({ code: 403 });
    // Someone else may do both, as the status allows.
    expect(await allowedFor(manager)).toEqual(['approve', 'reject']);
    expect((await act('approve', id, manager)).code).toBe(200);
    expect(await allowedFor(manager)).toEqual(['cancel', 'generate']);
  });

  it('refuses approval or rejection by the owner or the submitter', async () => {
    const own = await createPlan(admin);
    expect((await act('submit', own, admin)).code).toBe(200);
    expect(await act('approve', own, admin)).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    expect(await act('reject', own, admin, { reason: '自己驳回' })).toMatchObject({ code: 403 });
    expect((await act('approve', own, manager)).code).toBe(200);

    const submittedByAdmin = await createPlan(planner);
    expect((await act('submit', submittedByAdmin, admin)).code).toBe(200);
    expect((await act('approve', submittedByAdmin, admin)).code).toBe(403);
    expect((await act('approve', submittedByAdmin, manager)).code).toBe(200);
  });

  it('refuses the creator and anyone who changed the lines since the last approval round', async () => {
    // Created by the administrator for the planner: the creator may not review it.
    const forPlanner = await createPlan(admin, [goods[0]], { ownerId: plannerId });
    expect((await act('submit', forPlanner, planner)).code).toBe(200);
    expect(await act('approve', forPlanner, admin)).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    expect(await act('reject', forPlanner, admin, { reason: '创建人驳回' })).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    expect((await act('approve', forPlanner, manager)).code).toBe(200);

    // The administrator changes a line of the planner's plan: from then on not their plan to review.
    const id = await createPlan(planner, [goods[0], goods[1]]);
    const edit = async (token: string, changes: { name?: string; quantity?: number }) => {
      const plan = await info(id);
      const lines = plan.lines.map((l, i) => ({
        id: l.id,
        commodityId: l.commodityId,
        quantity: i === 0 && changes.quantity ? changes.quantity : l.quantity,
      }));
      const answer = await t.api(planningApi.update, { ...typedHeader, name: changes.name ?? plan.name, id, version: plan.version, lines }, token);
      expect(answer.code, answer.message).toBe(200);
    };
    await edit(admin, { name: '只改名称不改明细' });
    expect(await t.database.db.select({ editors: planningTasks.lineEditorIds }).from(planningTasks).where(eq(planningTasks.id, id))).toEqual([
      { editors: [] },
    ]);
    await edit(admin, { quantity: 99 });
    expect((await act('submit', id, planner)).code).toBe(200);
    expect(await act('approve', id, admin)).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    const overview = (await t.api(workbenchApi.overview, {}, admin)).data;
    const waiting = (await t.api(planningApi.list, { page: 1, pageSize: 200, status: 'submitted' }, admin)).data.list as {
      id: number;
    }[];
    expect(overview.todos.plansToApprove).toBeLessThan(waiting.length);

    // A rejection does not start a new round: the lines resubmitted are still partly the
    // administrator's, so only someone who never touched them may approve.
    expect((await act('reject', id, manager, { reason: '请再核对' })).code).toBe(200);
    expect((await act('submit', id, planner)).code).toBe(200);
    expect(await act('approve', id, admin)).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    expect((await act('reject', id, manager, { reason: '还需再核对' })).code).toBe(200);
    await edit(planner, { quantity: 98 });
    expect((await act('submit', id, planner)).code).toBe(200);
    expect(await act('approve', id, admin)).toMatchObject({ code: 403 });
    expect((await act('approve', id, manager)).code).toBe(200);
  });

  it('refuses every owner of the current round, also after the plan was handed on', async () => {
    const users = (await t.api(backUserApi.options, {}, admin)).data as { label: string; value: number }[];
    const managerId = users.find((o) => o.label.includes('张主管'))?.value as number;
    const id = await createPlan(admin, [goods[0]], { ownerId: managerId });
    const handOn = async (token: string, ownerId: number) => {
      const plan = await info(id);
      const lines = plan.lines.map((l) => ({ id: l.id, commodityId: l.commodityId, quantity: l.quantity }));
      const answer = await t.api(planningApi.update, { ...typedHeader, ownerId, id, version: plan.version, lines }, token);
      expect(answer.code, answer.message).toBe(200);
    };
    await handOn(admin, plannerId);
    expect((await act('submit', id, planner)).code).toBe(200);
    expect(await act('approve', id, manager)).toMatchObject({ code: 403, message: '不能审核自己参与编制的计划' });
    expect(await act('reject', id, manager, { reason: '交给别人后自己驳回' })).toMatchObject({ code: 403 });
  });

  it('lets exactly one of two concurrent approvals win', async () => {
    const id = await createPlan();
    expect((await act('submit', id, planner)).code).toBe(200);
    const { version } = await info(id);
    const answers = await Promise.all([
      t.api(planningApi.approve, { id, version }, manager),
      t.api(planningApi.approve, { id, version }, admin),
      t.api(planningApi.reject, { id, version, reason: '同时驳回' }, manager),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409]);
    const plan = await info(id);
    expect(plan.version).toBe(version + 1);
    expect(plan.timeline.filter((e: { action: string }) => ['approve', 'reject'].includes(e.action))).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('lets exactly one of 20 concurrent edits with the same version win, keeping its data', async () => {
    const id = await createPlan();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.api(
          planningApi.update,
          { ...typedHeader, id, version: 0, name: `并发编辑${i}`, lines: [{ commodityId: goods[i].id, quantity: i + 1 }] },
          planner,
        ),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.code === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(19);
    const plan = await info(id);
    expect(plan).toMatchObject({ name: `并发编辑${winners[0]}`, version: 1, lineCount: 1 });
    expect(plan.lines[0]).toMatchObject({ commodityId: goods[winners[0]].id, quantity: winners[0] + 1 });
  });

  it('gives concurrent creates distinct codes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.api(planningApi.create, { ...typedHeader, name: `并发新建${i}` }, planner)),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.code)).size).toBe(20);
  });
});

describe('permission codes', () => {
  it('needs the page code to read and the action code to write', async () => {
    const id = await createPlan();
    expect((await t.api(planningApi.list, {}, null)).code).toBe(401);
    expect((await t.api(planningApi.list, {}, buyer)).code).toBe(403);
    expect((await t.api(planningApi.info, { id }, buyer)).code).toBe(403);
    expect((await t.api(planningApi.create, { ...typedHeader }, manager)).code).toBe(403);
    expect((await act('submit', id, planner)).code).toBe(200);
    expect((await act('approve', id, planner)).code).toBe(403);
    expect((await act('reject', id, planner, { reason: 'x' })).code).toBe(403);
    expect((await act('generate', id, planner, { mode: 'plan' })).code).toBe(403);
    expect((await act('close', id, planner, { reason: 'x' })).code).toBe(403);
    expect((await t.api(planningApi.list, {}, manager)).code).toBe(200);
    expect((await info(id)).status).toBe('submitted');
  });
});

describe('list and export', () => {
  it('filters by keyword, status, type, warehouse, owner and period, and sorts by budget', async () => {
    const a = await createPlan(planner, [goods[4]], {
      name: '测试春节促销计划-广州仓',
      planType: 'promotion',
      warehouse: 'gz_baiyun',
      periodStart: '2027-01-10',
      periodEnd: '2027-02-10',
    });
    const b = await createPlan(admin, [goods[5]], {
      name: '测试春节促销计划-北京仓',
      planType: 'promotion',
      warehouse: 'bj_daxing',
      periodStart: '2027-03-01',
      periodEnd: '2027-03-31',
    });
    const ids = async (filter: z.input<typeof planningApi.list.body>) =>
      (await t.api(planningApi.list, { pageSize: 200, ...filter }, planner)).data.list.map((p) => p.id);
    expect(await ids({ keyword: '测试春节促销' })).toEqual([b, a]);
    expect(await ids({ keyword: '测试春节促销', warehouse: 'gz_baiyun' })).toEqual([a]);
    expect(await ids({ keyword: '测试春节促销', ownerId: plannerId })).toEqual([a]);
    expect(await ids({ keyword: '测试春节促销', periodFrom: '2027-02-01', periodTo: '2027-02-28' })).toEqual([a]);
    expect(await ids({ keyword: '测试春节促销', status: 'submitted' })).toEqual([]);
    const code = (await info(a)).code;
    expect(await ids({ keyword: code })).toEqual([a]);
    expect(await ids({ keyword: '%_' })).toEqual([]);
    const sorted = (await t.api(planningApi.list, { pageSize: 200, sortField: 'budgetTotalFen', sortOrder: 'descend' }, planner)).data.list;
    const totals = sorted.map((p) => p.budgetTotalFen);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
    expect((await t.call('/admin/planning_task/list', { sort_field: 'name; drop table x' }, planner)).code).toBe(400);
  });

  it('exports the current filter as an Excel file', async () => {
    await createPlan(planner, [goods[6]], { name: '导出测试计划' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/planning_task/export',
      headers: { authorization: `Bearer ${planner}`, 'content-type': 'application/json' },
      payload: { keyword: '导出测试' },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('计划编号');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('导出测试计划');
    expect(sheet.getRow(2).getCell(3).value).toBe('常规补货');
    expect(sheet.getRow(2).getCell(4).value).toBe('上海嘉定中心仓');
    expect(sheet.getRow(2).getCell(13).value).toBe('草稿');
    // Figures are numbers under their formats, so a person can sum and sort them.
    expect(sheet.getRow(2).getCell(12).value).toBe((goods[6].referencePriceFen * 10) / 100);
    expect(sheet.getColumn(12).numFmt ?? sheet.getRow(2).getCell(12).numFmt).toContain('¥');
    expect(sheet.getRow(2).getCell(9).value).toBe(10);
  });
});

async function xlsxBase64(rows: (string | number)[][], headers = ['SKU编码*', '计划数量*', '预算单价(元)', '需求日期', '备注']) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('计划明细');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

describe('line import from Excel', () => {
  it('reports each bad row with its reason and writes nothing unless asked for the valid rows', async () => {
    const id = await createPlan(planner, [goods[0]]);
    const [disabled] = await t.database.db.select().from(commodities).where(eq(commodities.status, 'disabled')).limit(1);
    const file = await xlsxBase64([
      [goods[7].skuCode, 12, '', '2026-12-15', '导入一'],
      [goods[8].skuCode, 8, '19.90', '', ''],
      ['NO-SUCH-SKU', 5, '', '', ''],
      [goods[9].skuCode, 0, '', '', ''],
      [goods[10].skuCode, 3, '1.234', '', ''],
      [goods[11].skuCode, 3, '', '2026-13-45', ''],
      [disabled.skuCode, 3, '', '', ''],
      [goods[0].skuCode, 3, '', '', ''],
      [goods[7].skuCode, 4, '', '', ''],
      ['', 4, '', '', ''],
    ]);
    const first = await act('import', id, planner, { file_base64: file, file_name: '明细.xlsx' });
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({ total_rows: 10, valid_rows: 2, imported: 0 });
    expect(first.data.errors).toEqual([
      { row: 4, column: 'SKU编码', message: 'SKU编码“NO-SUCH-SKU”不存在' },
      { row: 5, column: '计划数量', message: '计划数量须大于0' },
      { row: 6, column: '预算单价(元)', message: '预算单价须为不超过两位小数的非负金额' },
      { row: 7, column: '需求日期', message: '需求日期不是有效日期' },
      { row: 8, column: 'SKU编码', message: '该商品已停用' },
      { row: 9, column: 'SKU编码', message: '该商品已在计划明细中' },
      { row: 10, column: 'SKU编码', message: 'SKU编码与第2行重复' },
      { row: 11, column: 'SKU编码', message: '请填写SKU编码' },
    ]);
    expect((await info(id)).lineCount).toBe(1);

    const second = await act('import', id, planner, { file_base64: file, only_valid: true });
    expect(second.code, second.message).toBe(200);
    expect(second.data).toMatchObject({ imported: 2 });
    const plan = await info(id);
    expect(plan.lineCount).toBe(3);
    expect(plan.lines[1]).toMatchObject({
      skuCode: goods[7].skuCode,
      quantity: 12,
      requiredBy: '2026-12-15',
      remark: '导入一',
      budgetUnitPriceFen: goods[7].referencePriceFen,
    });
    expect(plan.lines[2]).toMatchObject({ skuCode: goods[8].skuCode, quantity: 8, budgetUnitPriceFen: 1990 });
    expect(plan.timeline.at(-1)).toMatchObject({ action: 'import', userName: '王计划' });
  });

  it('refuses a wrong template, junk, and a plan that is no longer editable', async () => {
    const id = await createPlan(planner, [goods[0]]);
    const wrong = await act('import', id, planner, { file_base64: await xlsxBase64([['x']], ['商品', '数量']) });
    expect(wrong).toMatchObject({ code: 400, message: expect.stringContaining('模板表头不正确') });
    const junk = await act('import', id, planner, { file_base64: Buffer.from('not excel').toString('base64') });
    expect(junk.code).toBe(400);
    expect((await act('submit', id, planner)).code).toBe(200);
    const late = await act('import', id, planner, { file_base64: await xlsxBase64([[goods[1].skuCode, 1]]) });
    expect(late).toMatchObject({ code: 409, message: '计划当前状态为「待审核」，不能编辑' });
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/admin/planning_task/import_template',
      headers: { authorization: `Bearer ${planner}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('awards and completion', () => {
  async function planInProcurement() {
    const id = await createPlan(planner, [goods[0], goods[1]]);
    await setStatus(id, 'in_procurement');
    return (await info(id)).lines as { id: number; quantity: number }[];
  }

  const award = (awards: { planLineId: number; quantity: number }[]) =>
    t.database.db.transaction((tx) =>
      recordPlanAwards(
        tx,
        { userId: buyerId, userName: '李采购', ip: '127.0.0.1' },
        'CG202612010001',
        awards.map((a) => ({ ...a, goodsFen: a.quantity * 100 })),
      ),
    );

  it('adds awarded quantities, shows progress and completes the plan when every line is reached', async () => {
    const lines = await planInProcurement();
    const planId = (await t.database.db.select().from(planningTaskLines).where(eq(planningTaskLines.id, lines[0].id)))[0].planId;
    await award([{ planLineId: lines[0].id, quantity: 4 }]);
    let plan = await info(planId);
    expect(plan).toMatchObject({ status: 'in_procurement', awardedQuantity: 4, progress: 13 });
    expect(plan.lines[0]).toMatchObject({ awardedQuantity: 4, progress: 40 });
    // The write-back names the task and what it added, and the awarding user is the last updater.
    expect(plan.updatedBy).toMatchObject({ id: buyerId, username: '李采购' });
    expect(plan.timeline.at(-1)).toMatchObject({
      action: 'award',
      label: '定标回写',
      award: { taskCode: 'CG202612010001', quantity: 4, goodsFen: 400 },
    });
    await award([
      { planLineId: lines[0].id, quantity: 10 },
      { planLineId: lines[1].id, quantity: 19 },
    ]);
    plan = await info(planId);
    expect(plan).toMatchObject({ status: 'in_procurement', awardedQuantity: 29 });
    expect(plan.lines[0]).toMatchObject({ awardedQuantity: 14, progress: 140 });
    await award([{ planLineId: lines[1].id, quantity: 1 }]);
    plan = await info(planId);
    expect(plan).toMatchObject({ status: 'completed', awardedQuantity: 30, progress: 100 });
    expect(plan.timeline.slice(-2)).toMatchObject([
      { action: 'award', award: { quantity: 1 } },
      { action: 'complete', fromStatus: 'in_procurement', toStatus: 'completed', userName: '李采购' },
    ]);
    expect((await act('close', planId, manager, { reason: 'x' })).code).toBe(409);
  });

  it('closes a plan in procurement by hand with a reason', async () => {
    const lines = await planInProcurement();
    const [{ planId }] = await t.database.db.select().from(planningTaskLines).where(eq(planningTaskLines.id, lines[0].id));
    expect((await act('close', planId, manager, { reason: '' })).code).toBe(400);
    expect((await act('close', planId, manager, { reason: '剩余数量转下月计划' })).code).toBe(200);
    const plan = await info(planId);
    expect(plan).toMatchObject({ status: 'completed', closeReason: '剩余数量转下月计划' });
    expect(plan.timeline.at(-1)).toMatchObject({ action: 'close', userName: '张主管', reason: '剩余数量转下月计划' });
  });

  it('writes one audit row per change, in the same transaction', async () => {
    const id = await createPlan();
    await act('submit', id, planner);
    const rows = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_logs where module = 'planning_task' and record_id = ${String(id)} order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'submit']);
  });
});

describe('demo data', () => {
  it('holds a dozen plans across every status, with their history', async () => {
    const seeded = (await t.api(planningApi.list, { sortField: 'createdAt', sortOrder: 'ascend', pageSize: 12 }, admin)).data.list;
    expect(seeded.every((p) => p.owner!.username === '王计划')).toBe(true);
    expect(new Set(seeded.map((p: { status: string }) => p.status))).toEqual(new Set(PLAN_STATUSES));
    const rejected = seeded.find((p: { status: string }) => p.status === 'rejected');
    const detail = await info(rejected!.id);
    expect(detail.rejectReason).toBeTruthy();
    expect(detail.timeline.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'reject']);
    // Plans in procurement and completed ones are linked to the demo procurement tasks, line by line.
    for (const summary of seeded.filter((p: { status: string }) => ['in_procurement', 'completed'].includes(p.status))) {
      const plan = await info(summary.id);
      expect(plan.procurementTasks, plan.name).toHaveLength(1);
      const task = (await t.api(procurementTaskApi.info, { id: plan.procurementTasks[0].id }, admin)).data;
      expect(task.lines.map((l) => l.planLineId).sort()).toEqual(plan.lines.map((l) => l.id).sort());
      if (plan.timeline.at(-1)!.action === 'complete') expect(plan.progress).toBe(100);
    }
  });
});

describe('generating procurement tasks', () => {
  /** Two commodities from each of two categories, approved by the manager. */
  async function approvedPlan() {
    const [first, second] = [...new Set(goods.map((g) => g.categoryId))];
    const lines = [...goods.filter((g) => g.categoryId === first).slice(0, 2), ...goods.filter((g) => g.categoryId === second).slice(0, 2)];
    const id = await createPlan(planner, lines);
    expect((await act('submit', id, planner)).code).toBe(200);
    expect((await act('approve', id, manager)).code).toBe(200);
    return id;
  }

  const taskInfo = async (id: number) => (await t.api(procurementTaskApi.info, { id }, admin)).data;

  it('creates one draft task per commodity category, linked to the plan lines, and moves the plan to 采购中', async () => {
    const id = await approvedPlan();
    const answer = await act('generate', id, manager, { mode: 'category', buyer_id: buyerId });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.task_ids).toHaveLength(2);
    const plan = await info(id);
    expect(plan.status).toBe('in_procurement');
    expect(plan.procurementTasks).toHaveLength(2);
    expect(plan.procurementTasks.map((p) => [p.status, p.lineCount])).toEqual([
      ['draft', 2],
      ['draft', 2],
    ]);
    const tasks = await Promise.all((answer.data.task_ids as number[]).map(taskInfo));
    const linked = tasks.flatMap((task) => task.lines.map((l) => [l.planLineId, l.quantity]));
    expect(linked.sort()).toEqual(plan.lines.map((l: { id: number; quantity: number }) => [l.id, l.quantity]).sort());
    expect(tasks[0]).toMatchObject({ status: 'draft', planId: id, deliveryRegionCode: '310114' });
    // The buyer chosen in the dialog, not the manager who generated.
    expect(tasks.map((task) => task.buyerName)).toEqual(['李采购', '李采购']);
    expect(tasks[0].name).toContain(plan.name);
    expect(plan.timeline.at(-1)).toMatchObject({ action: 'generate', userName: '张主管', toStatus: 'in_procurement' });

    expect(await act('generate', id, manager, { mode: 'category', buyer_id: buyerId })).toMatchObject({
      code: 409,
      message: '计划当前状态为「采购中」，不能生成采购任务',
    });
    // Even if the plan were approved again, its lines already have tasks.
    await setStatus(id, 'approved');
    expect(await act('generate', id, manager, { mode: 'plan', buyer_id: buyerId })).toMatchObject({
      code: 409,
      message: '该计划的明细已生成过采购任务，不能重复生成',
    });
    expect((await info(id)).procurementTasks).toHaveLength(2);
  });

  it('takes as buyer only an enabled user whose role holds the procurement task codes', async () => {
    const id = await approvedPlan();
    // Without a buyer the generating user is proposed; the manager's role has no procurement codes.
    expect(await act('generate', id, manager, { mode: 'plan' })).toMatchObject({
      code: 400,
      data: { field_errors: [{ field: 'buyer_id', message: '该用户的角色没有采购员所需的权限，请重新选择' }] },
    });
    expect((await act('generate', id, manager, { mode: 'plan', buyer_id: plannerId })).data.field_errors[0].field).toBe('buyer_id');
    expect((await act('generate', id, manager, { mode: 'plan', buyer_id: 999_999 })).data.field_errors[0].message).toBe('采购员不存在');
    expect((await info(id)).status).toBe('approved');
    // The administrator's role holds every code, so generating without a buyer makes them the buyer.
    const answer = await act('generate', id, admin, { mode: 'plan' });
    expect(answer.code, answer.message).toBe(200);
    expect((await taskInfo(answer.data.task_ids[0])).buyerName).toBe('系统管理员');
  });

  it('leaves nothing behind when a task fails half-way through generation', async () => {
    const id = await approvedPlan();
    const plan = await info(id);
    // The second category's first line fails on insert, after the first task was written.
    const doomed = plan.lines[2].id;
    await t.database.db.execute(
      sql.raw(`create or replace function fail_doomed_line() returns trigger language plpgsql as $$
        begin if new.plan_line_id = ${doomed} then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger fail_doomed before insert on procurement_task_lines for each row execute function fail_doomed_line()'),
    );
    try {
      const answer = await act('generate', id, manager, { mode: 'category', buyer_id: buyerId });
      expect(answer.code).not.toBe(200);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_doomed on procurement_task_lines'));
    }
    const after = await info(id);
    expect(after).toMatchObject({ status: 'approved', version: plan.version, procurementTasks: [] });
    expect(after.timeline.at(-1)!.action).toBe('approve');
    expect((await act('generate', id, manager, { mode: 'category', buyer_id: buyerId })).code).toBe(200);
  });

  it('creates a single task for the whole plan', async () => {
    const id = await approvedPlan();
    const answer = await act('generate', id, manager, { mode: 'plan', buyer_id: buyerId });
    expect(answer.data.task_ids).toHaveLength(1);
    const task = await taskInfo(answer.data.task_ids[0]);
    expect(task.lines).toHaveLength(4);
    expect(task.name).toBe((await info(id)).name);
  });

  it('rolls the plan up to 已完成 when the goods of every awarded line have been received', async () => {
    const id = await approvedPlan();
    const [taskId] = (await act('generate', id, manager, { mode: 'plan', buyer_id: buyerId })).data.task_ids;
    const supplierFields = toCamelCase<z.input<typeof supplierApi.create.body>>(supplierBody('常州宜家居用品有限公司'));
    const supplier = (await t.api(supplierApi.create, supplierFields, admin)).data.id;
    const draft = await taskInfo(taskId);
    const update = await t.api(
      procurementTaskApi.update,
      {
        id: taskId,
        version: draft.version,
        name: draft.name,
        planId: id,
        buyerId: draft.buyerId,
        quoteDeadline: draft.quoteDeadline,
        deliveryRegionCode: draft.deliveryRegionCode,
        requiredBy: draft.requiredBy,
        lines: draft.lines.map((l) => ({
          commodityId: l.commodityId,
          quantity: l.quantity,
          targetPriceFen: l.targetPriceFen,
          planLineId: l.planLineId,
        })),
        supplierIds: [supplier],
        // Quoted in the open, so 关闭报价 ends its quoting (a sealed task opens through 提前开标).
        sealed: false,
      },
      admin,
    );
    expect(update.code, update.message).toBe(200);
    const current = async () => ({ id: taskId, version: (await taskInfo(taskId)).version });
    expect((await t.api(procurementTaskApi.publish, await current(), admin)).code).toBe(200);
    const today = shanghaiDay(t);
    const later = shanghaiDay(t, 30);
    const lines = (await taskInfo(taskId)).lines;
    const quote = await t.api(
      quotationApi.save,
      {
        taskId,
        supplierId: supplier,
        quoteDate: today,
        validUntil: later,
        taxRatePercent: 13,
        freightMode: 'manual',
        freightFen: 0,
        lines: lines.map((l) => ({ taskLineId: l.id, unitPriceFen: 1000, moq: 1, leadTimeDays: 5 })),
      },
      admin,
    );
    expect(quote.code, quote.message).toBe(200);
    expect((await t.api(procurementTaskApi.closeQuote, await current(), admin)).code).toBe(200);
    const award = await t.api(
      procurementTaskApi.award,
      { ...(await current()), lines: lines.map((l) => ({ taskLineId: l.id, supplierId: supplier })) },
      admin,
    );
    expect(award.code, award.message).toBe(200);

    // The award buys everything but brings nothing in yet: the plan waits for its goods.
    const waiting = await info(id);
    expect(waiting).toMatchObject({ status: 'in_procurement', progress: 0 });
    const [order] = (await t.api(purchaseOrderApi.list, { taskId: taskId }, admin)).data.list;
    expect((await t.api(purchaseOrderApi.confirm, { id: order.id, version: order.version }, admin)).code).toBe(200);
    const orderLines = (await t.api(purchaseOrderApi.info, { id: order.id }, admin)).data.lines;
    const receive = (version: number, share: (q: number) => number) =>
      t.api(
        purchaseOrderApi.receive,
        { id: order.id, version, receivedOn: today, lines: orderLines.map((l) => ({ orderLineId: l.id, quantity: share(l.quantity) })) },
        admin,
      );
    expect((await receive(1, (q) => q / 2)).code).toBe(200);
    expect(await info(id)).toMatchObject({ status: 'in_procurement', progress: 50 });
    expect((await receive(2, (q) => q / 2)).code).toBe(200);

    const plan = await info(id);
    expect(plan).toMatchObject({ status: 'completed', progress: 100 });
    expect(await taskInfo(taskId)).toMatchObject({ status: 'completed' });
    expect(plan.lines.every((l) => l.awardedQuantity === l.quantity)).toBe(true);
    expect(plan.timeline.at(-1)).toMatchObject({
      action: 'complete',
      fromStatus: 'in_procurement',
      toStatus: 'completed',
      userName: '系统管理员',
    });
    expect(plan.updatedBy!.username).toBe('系统管理员');
    // 4 lines × 1000 fen × their quantities (10, 20, 30, 40).
    expect(plan.awardedGoodsFen).toBe(1000 * 100);
    const taskLines = await t.database.db.select().from(procurementTaskLines).where(eq(procurementTaskLines.taskId, taskId));
    expect(taskLines.every((l) => l.planLineId !== null)).toBe(true);
  });
});
