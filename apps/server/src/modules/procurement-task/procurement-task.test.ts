import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  compareMaintainView,
  type MaintainView,
  type PlanStatus,
  PROCUREMENT_STATUSES,
  PROCUREMENT_TRANSITIONS,
  type ProcurementStatus,
  type ProcurementAction,
  toCamelCase,
  toSnakeCase,
  DAY_MS,
  backUserApi,
  procurementTaskApi,
  purchaseOrderApi,
  supplierApi,
  quotationApi,
  planningApi,
} from '@scm/contract';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  backUsers,
  planningTaskLines,
  planningTasks,
  procurementTaskLines,
  procurementTaskSuppliers,
  procurementTasks,
  purchaseOrders,
  quotations,
} from '../../db/schema';
import { closePassedDeadlines } from './status';
import { type ApiAction, createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { download, readWorkbook } from '../../../test/excel';
import { createSupplier, createTask, saveQuote, type TaskBody } from '../../../test/builders';
import { createWeightTemplate, loginWithCodes, seedCommodities, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';

let t: TestApp;
let token: string;
let commodityIds: number[];
let templateId: number;
const sup: Record<'s1' | 's2' | 's3' | 'black' | 'off' | 'outsider', number> = { s1: 0, s2: 0, s3: 0, black: 0, off: 0, outsider: 0 };

const day = (offsetDays: number) => shanghaiDay(t, offsetDays);

/** The task most tests start from, inviting `supplierIds`. */
function taskFields(supplierIds: number[]) {
  return {
    name: '客厅收纳季度采购',
    buyerId: 1,
    quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
    deliveryRegionCode: '440305',
    requiredBy: day(20),
    lines: [
      { commodityId: commodityIds[0], quantity: 2, targetPriceFen: 3000 },
      { commodityId: commodityIds[1], quantity: 3, targetPriceFen: 2000 },
      { commodityId: commodityIds[2], quantity: 1 },
    ],
    supplierIds,
    // Quoted in the open: these tests read the prices while quoting (sealed tasks: test/sealing.test.ts).
    sealed: false,
  } satisfies TaskBody;
}
/** The same task as the wire carries it, for the refusals sent raw; `extra` in snake_case. */
function taskBody(supplierIds: number[], extra: Record<string, unknown> = {}) {
  return { ...toSnakeCase<Record<string, unknown>>(taskFields(supplierIds)), ...extra };
}
/** A draft of that task, made by the builder. */
function draftTask(supplierIds: number[], body: Partial<TaskBody> = {}) {
  return createTask(t, token, { ...taskFields(supplierIds), ...body });
}

async function info(id: number) {
  return (await t.api(procurementTaskApi.info, { id }, token)).data;
}
async function act(action: ApiAction<'procurement_task'>, id: number, extra: Record<string, unknown> = {}) {
  const { version } = await info(id);
  return t.call(`/admin/procurement_task/${action}`, { id, version, ...extra }, token);
}
/** Sends a supplier's quote for a task as typed, for the refusals: quoted today, valid 30 days, freight typed (0 unless `extra` says). */
function sendQuote(taskId: number, supplierId: number, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return t.call(
    '/admin/quotation/save',
    {
      task_id: taskId,
      supplier_id: supplierId,
      quote_date: day(0),
      valid_until: day(30),
      tax_rate_percent: 13,
      freight_mode: 'manual',
      freight_fen: 0,
      lines,
      ...extra,
    },
    token,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
  ({ ids: commodityIds } = await seedCommodities(t, [
    { sku: 'PT-1', name: '北欧风收纳箱', weightG: 800, priceFen: 3000 },
    { sku: 'PT-2', name: '硅胶保鲜盒', weightG: 350, priceFen: 2000 },
    { sku: 'PT-3', name: '实木置物架', weightG: 1200, priceFen: 5000 },
  ]));
  templateId = await createWeightTemplate(t, token);
  sup.s1 = await createSupplier(t, token, '义乌优品家居有限公司', { priceTemplateId: templateId });
  sup.s2 = await createSupplier(t, token, '佛山顺德美居制品厂');
  sup.s3 = await createSupplier(t, token, '苏州恒达塑胶制品有限公司');
  sup.black = await createSupplier(t, token, '失信测试贸易公司');
  sup.off = await createSupplier(t, token, '停用测试家居公司');
  sup.outsider = await createSupplier(t, token, '未受邀请家纺有限公司');
});
afterAll(() => t.close());

describe('procurement task status machine', () => {
  it('invites only enabled suppliers', async () => {
    await t.api(supplierApi.status, { id: sup.off, version: 0, status: 'disabled' }, token);
    const refused = await t.call('/admin/procurement_task/create', taskBody([sup.s1, sup.off]), token);
    expect(refused.code).toBe(400);
    expect(refused.data.field_errors[0]).toMatchObject({ field: 'supplier_ids.1', message: expect.stringContaining('停用') });
  });

  it('creates a draft with a CG code, edits it, and refuses publishing without suppliers', async () => {
    const id = await draftTask([]);
    const draft = await info(id);
    expect(draft).toMatchObject({ status: 'draft', lineCount: 3, invitedCount: 0, version: 0 });
    expect(draft.code).toMatch(/^CG\d{12}$/);
    expect(draft.lines[2]).toMatchObject({ skuCode: 'PT-3', targetPriceFen: null });
    const publish = await act('publish', id);
    expect(publish.code).toBe(400);
    expect(publish.message).toContain('请至少邀请一家供应商');
    const edited = await t.api(procurementTaskApi.update, { id, version: 0, ...taskFields([sup.s2]), name: '改名后的任务' }, token);
    expect(edited.code).toBe(200);
    expect(await info(id)).toMatchObject({ name: '改名后的任务', invitedCount: 1, version: 1 });
    expect((await t.api(procurementTaskApi.update, { id, version: 0, ...taskFields([]) }, token)).code).toBe(409);
    expect((await act('delete', id)).code).toBe(200);
  });

  it('walks every transition; illegal ones and stale versions get 409', async () => {
    const id = await draftTask([sup.s2]);
    expect((await act('close_quote', id)).code).toBe(409);
    expect((await act('complete', id)).code).toBe(409);
    expect((await t.api(procurementTaskApi.award, { id, version: 0, lines: [{ taskLineId: 1, supplierId: sup.s2 }] }, token)).code).toBe(409);
    const staleBody = { id, version: 0 };
    expect((await act('publish', id)).code).toBe(200);
    expect((await t.api(procurementTaskApi.cancel, staleBody, token)).code).toBe(409);
    expect((await info(id)).status).toBe('quoting');
    const again = await act('publish', id);
    expect(again.code).toBe(409);
    expect(again.message).toBe('任务当前为「报价中」，不能发布');
    expect((await t.api(procurementTaskApi.update, { id, version: 1, ...taskFields([sup.s2]) }, token)).code).toBe(409);
    expect((await act('delete', id)).code).toBe(409);
    expect((await act('close_quote', id)).code).toBe(200);
    expect((await info(id)).status).toBe('evaluating');
    expect((await act('close_quote', id)).code).toBe(409);
    expect((await act('cancel', id, { reason: '需求取消' })).code).toBe(200);
    expect((await info(id)).status).toBe('cancelled');
    for (const action of ['publish', 'close_quote', 'cancel', 'complete'] as const) expect((await act(action, id)).code).toBe(409);

    const draft = await draftTask([sup.s2]);
    expect((await act('cancel', draft)).code).toBe(200);
    const quoting = await draftTask([sup.s2]);
    await act('publish', quoting);
    const declined = await t.api(quotationApi.decline, { taskId: quoting, supplierId: sup.s2, reason: '产能不足' }, token);
    expect(declined.code).toBe(200);
    expect((await info(quoting)).suppliers[0]).toMatchObject({ supplierId: sup.s2, invitationStatus: 'declined' });
    expect((await act('cancel', quoting)).code).toBe(200);
  });

  describe('from every status', () => {
    /** A task inviting S2 alone, brought to `status` through the acts themselves (S2 quotes and wins every line). */
    async function taskIn(status: ProcurementStatus) {
      const id = await draftTask([sup.s2]);
      const lineIds: number[] = (await info(id)).lines.map((l: { id: number }) => l.id);
      const walk = async (action: ApiAction<'procurement_task'>, extra: Record<string, unknown> = {}) =>
        expect((await act(action, id, extra)).code, `${action} on the way to ${status}`).toBe(200);
      if (status === 'cancelled') await walk('cancel');
      if (status === 'draft' || status === 'cancelled') return { id, lineIds };
      await walk('publish');
      if (status === 'quoting') return { id, lineIds };
      expect((await sendQuote(id, sup.s2, quoteLines(lineIds))).code).toBe(200);
      await walk('close_quote');
      if (status === 'evaluating') return { id, lineIds };
      await walk('award', { lines: awardLines(lineIds) });
      if (status === 'completed') await walk('complete');
      return { id, lineIds };
    }
    const quoteLines = (lineIds: number[]) =>
      lineIds.map((taskLineId) => ({ task_line_id: taskLineId, unit_price_fen: 2000, moq: 1, lead_time_days: 5 }));
    const awardLines = (lineIds: number[]) => lineIds.map((taskLineId) => ({ task_line_id: taskLineId, supplier_id: sup.s2 }));
    const body: Record<ProcurementAction, (task: { lineIds: number[] }) => Record<string, unknown>> = {
      edit: () => taskBody([sup.s2]),
      delete: () => ({}),
      publish: () => ({}),
      quote: () => ({}),
      close_quote: () => ({}),
      unseal: () => ({ reason: '提前开标' }),
      cancel: () => ({ reason: '需求取消' }),
      award: (task) => ({ lines: awardLines(task.lineIds) }),
      complete: () => ({}),
      approve_award: () => ({}),
      reject_award: () => ({ reason: '价格需复核' }),
    };

    sweepStatusMachine({
      machine: PROCUREMENT_TRANSITIONS,
      // Without the approval threshold no task reaches 定标待审批: award-approval.test.ts sweeps it.
      statuses: PROCUREMENT_STATUSES.filter((status) => status !== 'award_pending'),
      build: taskIn,
      act: async (action, task) => {
        if (action === 'quote') return sendQuote(task.id, sup.s2, quoteLines(task.lineIds));
        const { version } = await info(task.id);
        const path = action === 'edit' ? 'update' : action;
        return t.call(`/admin/procurement_task/${path}`, { id: task.id, version, ...body[action](task) }, token);
      },
      snapshot: async ({ id }) => {
        const db = t.database.db;
        return {
          task: await db.select().from(procurementTasks).where(eq(procurementTasks.id, id)),
          lines: await db.select().from(procurementTaskLines).where(eq(procurementTaskLines.taskId, id)).orderBy(procurementTaskLines.id),
          invited: await db
            .select()
            .from(procurementTaskSuppliers)
            .where(eq(procurementTaskSuppliers.taskId, id))
            .orderBy(procurementTaskSuppliers.supplierId),
          quotes: await db.select().from(quotations).where(eq(quotations.taskId, id)).orderBy(quotations.id),
          orders: await db.select().from(purchaseOrders).where(eq(purchaseOrders.taskId, id)).orderBy(purchaseOrders.id),
          audit: await auditRowCount(db),
        };
      },
      statusOf: async ({ id }) => (await info(id))?.status,
      listed: async ({ id }) => (await info(id)).allowedActions,
      // An open task: 关闭报价 where its status allows, never 提前开标 (that is for sealed tasks).
      allowed: (action) => action !== 'unseal',
    });
  });

  it('refuses publishing when the deadline has already passed or an invitee was blacklisted since', async () => {
    const late = await draftTask([sup.s2], { quoteDeadline: new Date(t.clock.now.getTime() - 1000).toISOString() });
    const answer = await act('publish', late);
    expect(answer.code).toBe(400);
    expect(answer.data.field_errors[0].field).toBe('quote_deadline');
  });
});

describe('quotation, comparison and award', () => {
  let id: number;
  const lineIds: number[] = [];
  const quote = (supplierId: number, lines: (number | null)[], extra: Record<string, unknown> = {}) =>
    sendQuote(
      id,
      supplierId,
      lines.map((price, i) => ({ task_line_id: lineIds[i], unit_price_fen: price, moq: 1, lead_time_days: 7 })),
      extra,
    );

  beforeAll(async () => {
    id = await draftTask([sup.s1, sup.s2, sup.s3, sup.black]);
    lineIds.push(...(await info(id)).lines.map((l: { id: number }) => l.id));
  });

  it('refuses quotes before publishing, for an uninvited supplier and for a blacklisted one', async () => {
    expect((await quote(sup.s2, [2800, 2100, 5000])).message).toBe('任务不在报价中，不能录入报价');
    expect((await act('publish', id)).code).toBe(200);
    const outsider = await quote(sup.outsider, [1, 1, 1]);
    expect(outsider.code).toBe(409);
    expect(outsider.message).toContain('未被邀请');
    const black = await t.api(supplierApi.info, { id: sup.black }, token);
    await t.api(supplierApi.status, { id: sup.black, version: black.data.version, status: 'blacklisted' }, token);
    const refused = await quote(sup.black, [1, 1, 1]);
    expect(refused.code).toBe(409);
    expect(refused.message).toContain('黑名单');
  });

  it('estimates freight from the supplier template to the delivery region, to the fen, with its working', async () => {
    // S1 declines line 3, so the cargo is 2 × 800 g + 3 × 350 g = 2650 g: 800 + ⌈1650 / 500⌉ × 300 = 2000 fen.
    const estimate = await t.api(
      quotationApi.estimateFreight,
      {
        taskId: id,
        supplierId: sup.s1,
        lines: [
          { taskLineId: lineIds[0], unitPriceFen: 2800 },
          { taskLineId: lineIds[1], unitPriceFen: 1900 },
          { taskLineId: lineIds[2], unitPriceFen: null },
        ],
      },
      token,
    );
    expect(estimate.data).toMatchObject({ freightFen: 2000, templateId: templateId, q: 2650, matchedBy: 'default', error: null });
    expect(estimate.data.formula).toContain('2.65kg');
    const noTemplate = await t.api(quotationApi.estimateFreight, { taskId: id, supplierId: sup.s2, lines: [] }, token);
    expect(noTemplate.data.error).toContain('未设置配送价格模板');
  });

  it('saves three quotes: one with a missing line and estimated freight, one typed, one without freight', async () => {
    const s1 = await saveQuote(t, token, {
      taskId: id,
      supplierId: sup.s1,
      validUntil: day(1),
      taxRatePercent: 13,
      freightMode: 'estimated',
      freightFen: 1,
      lines: [
        { taskLineId: lineIds[0], unitPriceFen: 2800, moq: 1, leadTimeDays: 7 },
        { taskLineId: lineIds[1], unitPriceFen: 1900, moq: 1, leadTimeDays: 7 },
        { taskLineId: lineIds[2], unitPriceFen: null, remark: '无货' },
      ],
    });
    await saveQuote(t, token, {
      taskId: id,
      supplierId: sup.s2,
      taxRatePercent: 13,
      freightFen: 1500,
      lines: [
        { taskLineId: lineIds[0], unitPriceFen: 2800, leadTimeDays: 5 },
        { taskLineId: lineIds[1], unitPriceFen: 2100, leadTimeDays: 5 },
        { taskLineId: lineIds[2], unitPriceFen: 5000, leadTimeDays: 10 },
      ],
    });
    await saveQuote(t, token, {
      taskId: id,
      supplierId: sup.s3,
      taxRatePercent: 9,
      freightFen: 0,
      lines: [
        { taskLineId: lineIds[0], unitPriceFen: 2900, moq: 5, leadTimeDays: 3 },
        { taskLineId: lineIds[1], unitPriceFen: 1800, leadTimeDays: 3 },
        { taskLineId: lineIds[2], unitPriceFen: 5200, leadTimeDays: 10 },
      ],
    });
    const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, s1));
    expect(row).toMatchObject({ freightMode: 'estimated', freightFen: 2000, status: 'submitted' });
    expect(row.code).toMatch(/^BJ\d{12}$/);
    // Editing needs the quote's version.
    expect((await quote(sup.s3, [2900, 1800, 5200])).code).toBe(409);
    const bad = await quote(sup.s2, [1, 1, 1], { version: 0, valid_until: day(-1) });
    expect(bad.data.field_errors[0].field).toBe('valid_until');
  });

  it('compares: ties, missing prices, MOQ, freight split, landed totals and savings, all by hand', async () => {
    const answer = (await t.api(procurementTaskApi.compare, { id }, token)).data;
    // The answer compares: its comparison is the contract's own working over the quotes it carries.
    expect(answer.taxpayer).toBe('general');
    expect(answer.comparison).toEqual(compareMaintainView(toCamelCase<MaintainView>(answer)).comparison);
    const view = answer;
    const order = view.suppliers.map((s) => s.supplierId);
    const col = (supplierId: number) => order.indexOf(supplierId);
    const { rows, suppliers } = view.comparison;
    const cells = (r: number) => rows[r].cells;
    const flagged = (r: number, key: 'lowestPrice' | 'earliestLead') =>
      cells(r)
        .filter((c) => c[key])
        .map((c) => c.supplierId)
        .sort();
    expect(view.suppliers.find((s) => s.supplierId === sup.black)!.invitationStatus).toBe('pending');
    expect(suppliers).toHaveLength(3); // only received quotes compete

    expect(flagged(0, 'lowestPrice')).toEqual([sup.s1, sup.s2].sort()); // 28.00 tie
    // S3 has the earliest lead time on line 1 but asks for 5 where 2 are needed: flagged, never highlighted.
    expect(flagged(0, 'earliestLead')).toEqual([sup.s2]);
    expect(flagged(1, 'lowestPrice')).toEqual([sup.s3]);
    expect(flagged(2, 'lowestPrice')).toEqual([sup.s2]);
    expect(flagged(2, 'earliestLead')).toEqual([sup.s2, sup.s3].sort()); // 10 days tie
    const missing = cells(2).find((c) => c.supplierId === sup.s1);
    expect(missing).toMatchObject({ missing: true, unitPriceFen: null, amountFen: null, lowestPrice: false });
    expect(cells(0).find((c) => c.supplierId === sup.s3)).toMatchObject({
      belowMoq: true,
      moq: 5,
      boughtQuantity: 5,
      amountFen: 14500,
      lowestPrice: false,
    });

    const total = (supplierId: number) => suppliers.find((s) => s.supplierId === supplierId);
    // S1: goods 5600 + 5700; freight 2000 split 991 / 1009; missing one line, so not in the landed race.
    expect(total(sup.s1)).toMatchObject({
      goodsTotalFen: 11300,
      freightFen: 2000,
      landedTotalFen: 13300,
      missingLines: 1,
      complete: false,
      lowestLanded: false,
    });
    expect(rows.map((r) => r.cells.find((c) => c.supplierId === sup.s1)?.freightShareFen)).toEqual([991, 1009, null]);
    // S2: 5600 + 6300 + 5000 = 16900, freight 1500 split 497 / 559 / 444.
    expect(total(sup.s2)).toMatchObject({ goodsTotalFen: 16900, freightFen: 1500, landedTotalFen: 18400, lowestLanded: true });
    // S3 buys its MOQ of 5 on line 1: 14500 + 5400 + 5200.
    expect(total(sup.s3)).toMatchObject({ goodsTotalFen: 25100, freightFen: 0, landedTotalFen: 25100, lowestLanded: false });
    // Per line: line 1 goes to S2 (6097 < 6591; S3 fails its MOQ), then S3 (5400; 5200 < 5444).
    expect(rows.map((r) => r.recommendedSupplierId)).toEqual([sup.s2, sup.s3, sup.s3]);
    expect(rows.map((r) => r.averageAmountFen)).toEqual([5600, 5800, 5100]);
    expect(rows.map((r) => r.savingVsTargetFen)).toEqual([400, 600, null]);
    expect(rows.map((r) => r.savingVsAverageFen)).toEqual([0, 400, 100]);
    expect(view.comparison).toMatchObject({ savingVsTargetFen: 1000, savingVsAverageFen: 500 });
    expect(col(sup.s1)).toBeGreaterThanOrEqual(0);
  });

  it('lets a supplier decline, and closes quoting by itself when the deadline passes', async () => {
    const decline = await t.api(quotationApi.decline, { taskId: id, supplierId: sup.black, reason: '产能不足' }, token);
    expect(decline.code).toBe(409); // blacklisted: nothing may be entered for it
    expect((await t.api(procurementTaskApi.list, { status: 'quoting', keyword: (await info(id)).code }, token)).data.total).toBe(1);

    const code = (await info(id)).code;
    t.clock.advance(3 * DAY_MS);
    token = await t.login(); // the session idled out over three days
    const listed = await t.api(procurementTaskApi.list, { status: 'evaluating', keyword: code }, token);
    expect(listed.data.list[0]).toMatchObject({ status: 'evaluating', invitedCount: 4, quotedCount: 3 });
    expect((await t.api(procurementTaskApi.list, { status: 'quoting', keyword: code }, token)).data.total).toBe(0);
    const late = await quote(sup.s2, [1, 1, 1], { version: 0 });
    expect(late.code).toBe(409);
    expect(late.message).toBe('报价已截止，不能再录入报价');
    expect((await act('close_quote', id)).code).toBe(409);
    // S1's quote was valid for one day: now shown expired and out of the race.
    const view = (await t.api(procurementTaskApi.compare, { id }, token)).data;
    expect(view.suppliers.find((s) => s.supplierId === sup.s1)!.quote).toMatchObject({ status: 'expired' });
  });

  it('awards: non-lowest and below-MOQ need a reason, expired quotes and missing prices are refused', async () => {
    const { version } = await info(id);
    const lines = (l1: number, reason?: string, l2 = sup.s3) => [
      { task_line_id: lineIds[0], supplier_id: l1, reason },
      { task_line_id: lineIds[1], supplier_id: l2 },
      { task_line_id: lineIds[2], supplier_id: sup.s3 },
    ];
    const belowMoq = await t.call('/admin/procurement_task/award', { id, version, lines: lines(sup.s3) }, token);
    expect(belowMoq.data.field_errors).toEqual([{ field: 'lines.0.reason', message: '所选供应商不满足起订量，请填写定标理由' }]);
    const noReason = await t.call('/admin/procurement_task/award', { id, version, lines: lines(sup.s2, undefined, sup.s2) }, token);
    expect(noReason.data.field_errors).toEqual([{ field: 'lines.1.reason', message: '所选供应商不是该行实际到货成本最低的，请填写定标理由' }]);
    const expired = await t.call('/admin/procurement_task/award', { id, version, lines: lines(sup.s1, '老供应商') }, token);
    expect(expired.code).toBe(400);
    expect(expired.data.field_errors[0].field).toBe('lines.0.supplier_id');
    const incomplete = await t.call('/admin/procurement_task/award', { id, version, lines: lines(sup.s2, '交期更稳').slice(0, 2) }, token);
    expect(incomplete.code).toBe(400);
    expect((await info(id)).status).toBe('evaluating');
  });

  it('lets exactly one of two concurrent awards win; quantities and statuses stay consistent', async () => {
    const { version } = await info(id);
    const body = (l1: number) => ({
      id,
      version,
      lines: [
        { taskLineId: lineIds[0], supplierId: l1, reason: l1 === sup.s3 ? '多买的3件留作备货' : undefined },
        { taskLineId: lineIds[1], supplierId: sup.s3 },
        { taskLineId: lineIds[2], supplierId: sup.s3 },
      ],
    });
    const results = await Promise.all([t.api(procurementTaskApi.award, body(sup.s2), token), t.api(procurementTaskApi.award, body(sup.s3), token)]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 409]);
    const winner = results[0].code === 200 ? sup.s2 : sup.s3;
    const after = await info(id);
    expect(after.status).toBe('awarded');
    const awarded = await t.database.db.select().from(procurementTaskLines).where(eq(procurementTaskLines.taskId, id));
    expect(awarded.find((l) => l.id === lineIds[0])?.awardedSupplierId).toBe(winner);
    expect(awarded.every((l) => l.awardedSupplierId != null)).toBe(true);
    const statuses = Object.fromEntries(
      (await t.database.db.select().from(quotations).where(eq(quotations.taskId, id))).map((q) => [q.supplierId, q.status]),
    );
    if (winner === sup.s2) {
      // 5600 + 497 freight share, then S3's 5400 + 5200 with no freight.
      expect(after.awardedAmountFen).toBe(16697);
      expect(statuses).toEqual({ [sup.s1]: 'lost', [sup.s2]: 'partially_awarded', [sup.s3]: 'partially_awarded' });
      expect(after).toMatchObject({ awardedGoodsFen: 16200, awardedFreightFen: 497 });
    } else {
      // S3 on line 1 buys its MOQ: 5 × 2900 + 5400 + 5200, no freight.
      expect(after).toMatchObject({ awardedAmountFen: 25100, awardedGoodsFen: 25100, awardedFreightFen: 0 });
      expect(awarded.find((l) => l.id === lineIds[0])).toMatchObject({ quantity: 2, awardedQuantity: 5 });
      expect(statuses).toEqual({ [sup.s1]: 'lost', [sup.s2]: 'lost', [sup.s3]: 'awarded' });
    }
    const view = (await t.api(procurementTaskApi.compare, { id }, token)).data;
    expect(view.award!.totalFen).toBe(after.awardedAmountFen);
    expect((await act('cancel', id)).code).toBe(409);
    expect((await act('complete', id)).code).toBe(200);
    expect((await info(id)).status).toBe('completed');
  });

  it('counts invitations, quotes and awards per supplier', async () => {
    const s3 = (await t.api(supplierApi.info, { id: sup.s3 }, token)).data;
    expect(s3).toMatchObject({ tasksInvited: 1, quotesSubmitted: 1, awardsWon: 1, winRateBp: 10000 });
    const s1 = (await t.api(supplierApi.info, { id: sup.s1 }, token)).data;
    expect(s1).toMatchObject({ quotesSubmitted: 1, awardsWon: 0, winRateBp: 0 });
    expect((await t.api(supplierApi.delete, { id: sup.s1, version: s1.version }, token)).code).toBe(409);
  });

  it('exports the task list and the comparison as Excel', async () => {
    for (const [path, body] of [
      ['/api/admin/procurement_task/export', {}],
      ['/api/admin/procurement_task/export_compare', { id }],
    ] as const) {
      const file = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify(body),
      });
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});

describe('buyer and list filters', () => {
  const BUYER_CODES = ['procurementTaskList', 'procurementTaskList:create', 'procurementTaskList:edit', 'procurementTaskMaintain'];
  async function insertPlan(code: string, name: string, status: PlanStatus = 'in_procurement') {
    const [plan] = await t.database.db
      .insert(planningTasks)
      .values({ code, name, planType: 'regular', warehouse: 'sh_jiading', ownerId: 1, status })
      .returning({ id: planningTasks.id });
    return plan.id;
  }
  async function insertUser(email: string, username: string, status: 'enabled' | 'disabled') {
    const [user] = await t.database.db
      .insert(backUsers)
      .values({ email, username, passwordHash: 'x', roleId: 1, status })
      .returning({ id: backUsers.id });
    return user.id;
  }
  const names = (answer: { data: { list: { name: string }[] } }) => answer.data.list.map((row) => row.name).sort();

  it('refuses an unknown or disabled buyer with a field error; a draft keeps a buyer disabled since', async () => {
    const unknown = await t.call('/admin/procurement_task/create', taskBody([], { buyer_id: 99_999 }), token);
    expect(unknown.code).toBe(400);
    expect(unknown.data.field_errors).toEqual([{ field: 'buyer_id', message: '采购员不存在' }]);
    const leaverId = await insertUser('leaver@test.com', '离职采购', 'disabled');
    const disabled = await t.call('/admin/procurement_task/create', taskBody([], { buyer_id: leaverId }), token);
    expect(disabled.code).toBe(400);
    expect(disabled.data.field_errors).toEqual([{ field: 'buyer_id', message: '采购员已停用，请重新选择' }]);

    const laterId = await insertUser('later@test.com', '稍后停用', 'enabled');
    const id = await draftTask([], { buyerId: laterId });
    expect(await info(id)).toMatchObject({ buyerId: laterId, buyerName: '稍后停用' });
    await t.database.db.update(backUsers).set({ status: 'disabled' }).where(eq(backUsers.id, laterId));
    const kept = await t.api(procurementTaskApi.update, { id, version: 0, ...taskFields([]), buyerId: laterId, name: '保留原采购员' }, token);
    expect(kept.code).toBe(200);
    const moved = await t.call('/admin/procurement_task/update', { id, version: 1, ...taskBody([], { buyer_id: leaverId }) }, token);
    expect(moved.data.field_errors).toEqual([{ field: 'buyer_id', message: '采购员已停用，请重新选择' }]);
    const noPlan = await t.call('/admin/procurement_task/create', taskBody([], { plan_id: 99_999 }), token);
    expect(noPlan.data.field_errors).toEqual([{ field: 'plan_id', message: '来源计划不存在' }]);
  });

  it('lets a procurement-only role list enabled users, pick another buyer and filter by buyer', async () => {
    const buyer = await loginWithCodes(t, BUYER_CODES, 'procurement-only@test.com');
    const options = await t.api(backUserApi.options, { enabledOnly: true }, buyer);
    expect(options.code).toBe(200);
    const labels = options.data.map((o: { label: string }) => o.label);
    expect(labels).toContain('受限用户');
    expect(labels).not.toContain('离职采购');
    const all = await t.api(backUserApi.options, {}, buyer);
    expect(all.data.map((o: { label: string }) => o.label)).toContain('离职采购');
    expect((await t.api(backUserApi.list, {}, buyer)).code).toBe(403);

    const colleagueId = await insertUser('colleague@test.com', '同组采购', 'enabled');
    const created = await t.api(procurementTaskApi.create, { ...taskFields([]), buyerId: colleagueId, name: '替同事建的任务' }, buyer);
    expect(created.code).toBe(200);
    await draftTask([], { buyerId: colleagueId, name: '同事的第二个任务' });
    const byBuyer = await t.api(procurementTaskApi.list, { buyerId: colleagueId }, buyer);
    expect(byBuyer.data.total).toBe(2);
    expect(names(byBuyer)).toEqual(['同事的第二个任务', '替同事建的任务']);
    expect(byBuyer.data.list.every((row) => row.buyerName === '同组采购')).toBe(true);
  });

  it('filters by source plan code, shows the code in the list and offers the plans tasks came from', async () => {
    const springId = await insertPlan('JH202603010001', '春季收纳备货计划');
    const summerId = await insertPlan('JH202606010001', '夏季凉席备货计划');
    await insertPlan('JH202609010001', '尚未下发的秋季计划');
    await draftTask([], { planId: springId, name: '春季计划·收纳箱' });
    await draftTask([], { planId: springId, name: '春季计划·置物架' });
    await draftTask([], { planId: summerId, name: '夏季计划·凉席' });

    const spring = await t.api(procurementTaskApi.list, { planCode: 'JH202603010001' }, token);
    expect(names(spring)).toEqual(['春季计划·收纳箱', '春季计划·置物架']);
    expect(spring.data.list[0]).toMatchObject({ planId: springId, planCode: 'JH202603010001' });
    expect((await t.api(procurementTaskApi.list, { planCode: 'JH2026030100' }, token)).data.total).toBe(0);
    expect((await t.api(procurementTaskApi.list, { planCode: 'JH202606010001', keyword: '凉席' }, token)).data.total).toBe(1);
    const unplanned = await t.api(procurementTaskApi.list, { keyword: '客厅收纳季度采购' }, token);
    expect(unplanned.data.list[0].planCode).toBeNull();

    const options = await t.api(procurementTaskApi.planOptions, {}, token);
    expect(options.data).toEqual([
      { planId: summerId, code: 'JH202606010001', name: '夏季凉席备货计划' },
      { planId: springId, code: 'JH202603010001', name: '春季收纳备货计划' },
    ]);
    expect((await t.api(procurementTaskApi.planOptions, { keyword: '春季' }, token)).data.map((o: { code: string }) => o.code)).toEqual([
      'JH202603010001',
    ]);
    const buyer = await t.login('procurement-only@test.com', 'Limited123');
    expect((await t.api(procurementTaskApi.planOptions, { keyword: '0601' }, buyer)).data).toHaveLength(1);
    const nobody = await loginWithCodes(t, [], 'plan-options-nobody@test.com');
    expect((await t.api(procurementTaskApi.planOptions, {}, nobody)).code).toBe(403);
  });

  it('filters by deadline range, several words and a status, sorts, and exports only the selected tasks', async () => {
    const at = (days: number) => new Date(t.clock.now.getTime() + days * DAY_MS).toISOString();
    const soon = await draftTask([], { name: '筛选测试·近期截止 浴巾', quoteDeadline: at(3) });
    const later = await draftTask([], { name: '筛选测试·远期截止 浴巾', quoteDeadline: at(9) });
    const other = await draftTask([], { name: '筛选测试·远期截止 毛巾', quoteDeadline: at(10) });
    const list = (filter: z.input<typeof procurementTaskApi.list.body>) => t.api(procurementTaskApi.list, { pageSize: 50, ...filter }, token);

    expect(names(await list({ keyword: '筛选测试', deadlineFrom: at(8), deadlineTo: at(9.5) }))).toEqual(['筛选测试·远期截止 浴巾']);
    expect(names(await list({ keyword: '筛选测试', deadlineTo: at(4) }))).toEqual(['筛选测试·近期截止 浴巾']);
    // The same shape with other values answers for those values.
    expect(names(await list({ keyword: '筛选测试', deadlineTo: at(9.5) }))).toEqual(['筛选测试·近期截止 浴巾', '筛选测试·远期截止 浴巾']);
    expect(names(await list({ keyword: '筛选测试 浴巾 远期' }))).toEqual(['筛选测试·远期截止 浴巾']);
    expect(names(await list({ keyword: '筛选测试 毛巾', status: 'draft' }))).toEqual(['筛选测试·远期截止 毛巾']);
    expect((await list({ keyword: '筛选测试', status: 'awarded' })).data.total).toBe(0);
    const byDeadline = await list({ keyword: '筛选测试', sortField: 'quoteDeadline', sortOrder: 'descend' });
    expect(byDeadline.data.list.map((row) => row.id)).toEqual([other, later, soon]);

    const file = await download(t, '/admin/procurement_task/export', { ids: [soon, other] }, token);
    expect(file.statusCode).toBe(200);
    const [rows] = [...(await readWorkbook(file.rawPayload)).values()];
    const exported = rows.slice(1).map((row) => String(row[1]));
    expect(exported.sort()).toEqual(['筛选测试·近期截止 浴巾', '筛选测试·远期截止 毛巾']);
  });

  it('takes a 采购中 plan as source: offers its open lines, checks every link and keeps it on edit', async () => {
    const planId = await insertPlan('JH202610010001', '国庆家纺备货计划');
    await insertPlan('JH202610020001', '未审核的家纺计划', 'draft');
    const otherPlanId = await insertPlan('JH202610030001', '另一个家纺计划');
    const planLine = (plan: number, commodity: number, quantity: number, sort: number) =>
      ({ planId: plan, commodityId: commodity, quantity, budgetUnitPriceFen: 3000 - sort * 1000, sort }) as const;
    const [first, second, foreign] = await t.database.db
      .insert(planningTaskLines)
      .values([planLine(planId, commodityIds[0], 10, 1), planLine(planId, commodityIds[1], 4, 2), planLine(otherPlanId, commodityIds[2], 1, 1)])
      .returning({ id: planningTaskLines.id });

    const sources = await t.api(procurementTaskApi.planOptions, { open: true, keyword: '家纺' }, token);
    expect(sources.data.map((o: { code: string }) => o.code)).toEqual(['JH202610030001', 'JH202610010001']);
    const openLines = async (extra: { exceptTaskId?: number } = {}) =>
      (await t.api(procurementTaskApi.planLines, { planId: planId, ...extra }, token)).data.map((l) => [l.planLineId, l.openQuantity]);
    const lines = await t.api(procurementTaskApi.planLines, { planId: planId }, token);
    expect(lines.data[0]).toMatchObject({
      planLineId: first.id,
      commodityId: commodityIds[0],
      plannedQuantity: 10,
      openQuantity: 10,
      budgetUnitPriceFen: 2000,
    });
    expect(await openLines()).toEqual([
      [first.id, 10],
      [second.id, 4],
    ]);

    const linked = [
      { commodityId: commodityIds[0], quantity: 6, targetPriceFen: 2000, planLineId: first.id },
      { commodityId: commodityIds[1], quantity: 4, planLineId: second.id },
    ];
    const linkedLines = toSnakeCase<Record<string, unknown>[]>(linked);
    const id = await draftTask([], { planId, name: '国庆家纺·第一批', lines: linked });
    expect(await openLines()).toEqual([[first.id, 4]]);
    expect(await openLines({ exceptTaskId: id })).toEqual([
      [first.id, 10],
      [second.id, 4],
    ]);

    // The plan moves on; the draft keeps its source plan and its links through an edit.
    await t.database.db.update(planningTasks).set({ status: 'completed' }).where(eq(planningTasks.id, planId));
    const kept = await t.api(procurementTaskApi.update, { id, version: 0, ...taskFields([]), planId, lines: linked }, token);
    expect(kept.code, kept.message).toBe(200);
    const task = await info(id);
    expect(task.planId).toBe(planId);
    expect(task.lines.map((l) => l.planLineId)).toEqual([first.id, second.id]);

    const refused = async (extra: Record<string, unknown>) =>
      (await t.call('/admin/procurement_task/create', taskBody([], extra), token)).data.field_errors;
    expect(await refused({ plan_id: planId })).toEqual([{ field: 'plan_id', message: '只能选择已审核或采购中的计划作为来源计划' }]);
    const [draftPlan] = await t.database.db.select({ id: planningTasks.id }).from(planningTasks).where(eq(planningTasks.code, 'JH202610020001'));
    expect(await refused({ plan_id: draftPlan.id })).toEqual([{ field: 'plan_id', message: '只能选择已审核或采购中的计划作为来源计划' }]);

    // The hand-off: an approved plan is offered as a source; a task made from it puts it in procurement.
    const approvedId = await insertPlan('JH202610040001', '已审核的家纺计划', 'approved');
    const offered = await t.api(procurementTaskApi.planOptions, { open: true, keyword: '家纺' }, token);
    expect(offered.data.map((o: { code: string }) => o.code)).toContain('JH202610040001');
    const fromApproved = await t.api(procurementTaskApi.create, { ...taskFields([]), planId: approvedId }, token);
    expect(fromApproved.code, fromApproved.message).toBe(200);
    const [started] = await t.database.db.select({ status: planningTasks.status }).from(planningTasks).where(eq(planningTasks.id, approvedId));
    expect(started.status).toBe('in_procurement');
    expect(await refused({ lines: linkedLines })).toEqual([{ field: 'plan_id', message: '明细关联了计划明细，请选择来源计划' }]);
    const other = (lines: unknown[]) => refused({ plan_id: otherPlanId, lines });
    expect(await other(linkedLines)).toEqual([{ field: 'lines.0.plan_line_id', message: '第1行的计划明细不属于来源计划' }]);
    expect(await other([{ commodity_id: commodityIds[0], quantity: 1, plan_line_id: foreign.id }])).toEqual([
      { field: 'lines.0.commodity_id', message: '第1行商品与计划明细不一致' },
    ]);
  });
});

describe('awarding a quote below its MOQ', () => {
  it('buys the MOQ: the award records it beside the required quantity, prices it and adds it to the plan line', async () => {
    const [plan] = await t.database.db
      .insert(planningTasks)
      .values({ code: 'JH202611010001', name: '起订量测试计划', planType: 'regular', warehouse: 'sh_jiading', ownerId: 1, status: 'in_procurement' })
      .returning({ id: planningTasks.id });
    const [planLine] = await t.database.db
      .insert(planningTaskLines)
      .values({ planId: plan.id, commodityId: commodityIds[0], quantity: 10, budgetUnitPriceFen: 3000, sort: 1 })
      .returning({ id: planningTaskLines.id });
    const id = await draftTask([sup.s2, sup.s3], {
      planId: plan.id,
      lines: [{ commodityId: commodityIds[0], quantity: 10, targetPriceFen: 3000, planLineId: planLine.id }],
    });
    expect((await act('publish', id)).code).toBe(200);
    const [lineId] = (await info(id)).lines.map((l: { id: number }) => l.id);
    const save = (supplierId: number, price: number, moq: number) =>
      saveQuote(t, token, {
        taskId: id,
        supplierId,
        taxRatePercent: 13,
        freightFen: 300,
        lines: [{ taskLineId: lineId, unitPriceFen: price, moq, leadTimeDays: 5 }],
      });
    await save(sup.s2, 2500, 12); // cheaper, but asks for 12 where 10 are needed
    await save(sup.s3, 2800, 1);
    expect((await act('close_quote', id)).code).toBe(200);

    const view = (await t.api(procurementTaskApi.compare, { id }, token)).data;
    const [row] = view.comparison.rows;
    expect(row.recommendedSupplierId).toBe(sup.s3);
    expect(row.cells.find((c) => c.supplierId === sup.s2)).toMatchObject({
      belowMoq: true,
      lowestPrice: false,
      boughtQuantity: 12,
      amountFen: 30000,
    });

    const award = (reason?: string) => act('award', id, { lines: [{ task_line_id: lineId, supplier_id: sup.s2, reason }] });
    expect((await award()).data.field_errors).toEqual([{ field: 'lines.0.reason', message: '所选供应商不满足起订量，请填写定标理由' }]);
    expect((await award('整箱起订，多出部分转下月')).code).toBe(200);

    // The comparison export is a working file: amounts and quantities are numbers under a ¥ or count
    // format, every supplier column names its supplier, the header is frozen, the award says who and when.
    const file = await download(t, '/admin/procurement_task/export_compare', { id }, token);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const matrix = workbook.getWorksheet('比价');
    if (!matrix) throw new Error('the 比价 sheet is missing');
    expect(matrix.views[0]).toMatchObject({ state: 'frozen', ySplit: 3, xSplit: 2 });
    const header = (matrix.getRow(3).values as unknown[]).slice(1) as string[];
    const supplierColumns = header.slice(4, -6);
    expect(supplierColumns).toHaveLength(10);
    for (const name of ['佛山顺德美居制品厂', '苏州恒达塑胶制品有限公司']) {
      expect(supplierColumns.filter((title) => title.startsWith(name))).toHaveLength(5);
    }
    expect(header.slice(-6)).toEqual([
      '最低单价(元)',
      '最低实际成本(元)',
      '平均金额(含税)(元)',
      '较均价节省·实际成本(元)',
      '较均价节省·含税(元)',
      '较目标节省·含税(元)',
    ]);
    const firstLine = matrix.getRow(4);
    const column = (title: string) => header.indexOf(title) + 1;
    const amount = firstLine?.getCell(column('佛山顺德美居制品厂（增值税专用发票 13%） 金额(含税)'));
    expect(amount?.value).toBe(300);
    expect(amount?.numFmt).toContain('¥');
    expect(firstLine?.getCell(column('佛山顺德美居制品厂（增值税专用发票 13%） 起订量')).value).toBe(12);
    expect(typeof firstLine?.getCell(column('较目标节省·含税(元)')).value).toBe('number');
    const result = workbook.getWorksheet('定标结果');
    const resultRows: unknown[][] = [];
    result?.eachRow((row) => resultRows.push((row.values as unknown[]).slice(1)));
    expect(resultRows[1].slice(2, 9)).toEqual([10, 12, '佛山顺德美居制品厂', 25, 300, 3, expect.any(Number)]);
    expect(result?.getRow(2).getCell(7).numFmt).toContain('¥');
    expect(resultRows.find((r) => r[1] === '定标人')?.[2]).toBeTruthy();
    expect(resultRows.find((r) => r[1] === '定标时间')?.[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const [line] = await t.database.db.select().from(procurementTaskLines).where(eq(procurementTaskLines.id, lineId));
    expect(line).toMatchObject({ quantity: 10, awardedQuantity: 12, awardedUnitPriceFen: 2500, awardedFreightFen: 300 });
    expect(await info(id)).toMatchObject({ awardedGoodsFen: 30000, awardedFreightFen: 300, awardedAmountFen: 30300 });
    const after = (await t.api(procurementTaskApi.compare, { id }, token)).data.award;
    expect(after).toMatchObject({ goodsFen: 30000, freightFen: 300, totalFen: 30300 });
    expect(after!.lines[0]).toMatchObject({ quantity: 10, boughtQuantity: 12, amountFen: 30000 });
    // The plan line gets the bought quantity and the order buys it: the line now waits for the goods.
    const awarded = (await t.api(planningApi.info, { id: plan.id }, token)).data;
    expect(awarded.lines[0]).toMatchObject({ awardedQuantity: 12, orderedQuantity: 12, receivedQuantity: 0, progress: 0 });
    expect(awarded).toMatchObject({ status: 'in_procurement', awardedGoodsFen: 30000 });
    const [order] = (await t.api(purchaseOrderApi.list, { taskId: id }, token)).data.list;
    expect(order).toMatchObject({ supplierId: sup.s2, orderedQuantity: 12, goodsFen: 30000, freightFen: 300, totalFen: 30300 });
    expect((await t.api(purchaseOrderApi.confirm, { id: order.id, version: 0 }, token)).code).toBe(200);
    const orderLine = (await t.api(purchaseOrderApi.info, { id: order.id }, token)).data.lines[0];
    const receipt = await t.api(
      purchaseOrderApi.receive,
      { id: order.id, version: 1, receivedOn: shanghaiDay(t), lines: [{ orderLineId: orderLine.id, quantity: 12 }] },
      token,
    );
    expect(receipt.code, receipt.message).toBe(200);
    // The goods came in: the plan completes (12 ≥ 10) and shows the over-receipt.
    const planInfo = (await t.api(planningApi.info, { id: plan.id }, token)).data;
    expect(planInfo.lines[0]).toMatchObject({ awardedQuantity: 12, receivedQuantity: 12, progress: 120 });
    expect(planInfo).toMatchObject({ status: 'completed', awardedGoodsFen: 30000 });
    expect(planInfo.timeline.find((e: { action: string }) => e.action === 'award')).toMatchObject({
      label: '定标回写',
      award: { taskCode: (await info(id)).code, quantity: 12, goodsFen: 30000 },
    });
  });
});

describe('permission codes', () => {
  it('needs the page code to read and the action codes to write, quote and award', async () => {
    const viewer = await loginWithCodes(t, ['procurementTaskList', 'procurementTaskMaintain'], 'buyer-viewer@test.com');
    expect((await t.api(procurementTaskApi.list, {}, viewer)).code).toBe(200);
    expect((await t.api(procurementTaskApi.compare, { id: 1 }, viewer)).code).not.toBe(403);
    expect((await t.api(procurementTaskApi.create, taskFields([]), viewer)).code).toBe(403);
    expect((await t.api(procurementTaskApi.publish, { id: 1, version: 0 }, viewer)).code).toBe(403);
    expect((await t.api(procurementTaskApi.award, { id: 1, version: 0, lines: [{ taskLineId: 1, supplierId: 1 }] }, viewer)).code).toBe(403);
    expect(
      (
        await t.api(
          quotationApi.save,
          {
            taskId: 1,
            supplierId: 1,
            quoteDate: '2026-01-01',
            validUntil: '2026-01-02',
            taxRatePercent: 13,
            freightMode: 'manual',
            freightFen: 0,
            lines: [],
          },
          viewer,
        )
      ).code,
    ).toBe(403);
    expect((await t.api(procurementTaskApi.exportCompare, { id: 1 }, viewer)).code).toBe(403);
    const nobody = await loginWithCodes(t, [], 'buyer-nobody@test.com');
    expect((await t.api(procurementTaskApi.list, {}, nobody)).code).toBe(403);
    expect((await t.api(procurementTaskApi.compare, { id: 1 }, nobody)).code).toBe(403);
  });
});

describe('deadline sweep', () => {
  it('records every passed deadline once, with the system as author, and leaves open tasks alone', async () => {
    const passing = await draftTask([sup.s3], { name: '截止后自动关闭的任务' });
    const later = await draftTask([sup.s3], {
      name: '截止时间较晚的任务',
      quoteDeadline: new Date(t.clock.now.getTime() + 10 * DAY_MS).toISOString(),
    });
    expect((await act('publish', passing)).code).toBe(200);
    expect((await act('publish', later)).code).toBe(200);
    t.clock.advance(3 * DAY_MS);
    token = await t.login();

    const db = t.database.db;
    const closed = await closePassedDeadlines(db, t.clock.now);
    expect(closed).toContain(passing);
    expect(closed).not.toContain(later);
    const stored = await db
      .select({ id: procurementTasks.id, status: procurementTasks.status, version: procurementTasks.version })
      .from(procurementTasks);
    expect(stored.find((row) => row.id === passing)).toMatchObject({ status: 'evaluating', version: 1 });
    expect(stored.find((row) => row.id === later)).toMatchObject({ status: 'quoting' });
    const log = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auto_close_quote'), eq(auditLogs.recordId, String(passing))));
    expect(log).toMatchObject([{ userName: '系统', module: 'procurement_task' }]);

    expect(await closePassedDeadlines(db, t.clock.now)).toEqual([]);
    // The version is untouched: a buyer holding it still awards or cancels without a 409.
    expect((await t.api(procurementTaskApi.cancel, { id: passing, version: 1, reason: '需求取消' }, token)).code).toBe(200);
  });
});
