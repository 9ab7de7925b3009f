import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAction, type ApiPath, createTestApp, queryRows, shanghaiDay, type TestApp } from '../../../test/helpers';
import { DICT, procurementTaskApi, quotationApi, toSnakeCase, DAY_MS } from '@scm/contract';
import { dictItems, dictTypes } from '../../db/schema';
import { createSupplier, createTask, type QuoteBody, saveQuote, type TaskBody } from '../../../test/builders';
import { loginWithCodes, seedCommodities, seedDictionaries } from '../../../test/procurement-fixtures';
import { refreshBoardFacts } from '../data-board/board-facts';
import { procurementTaskRoutes } from './routes';
import { closePassedDeadlines } from './status';

// Every procurement route and the deadline sweep must leave the board facts exactly as a full
// rebuild would (docs/data-board.md). A route missing from the walk below fails the last check.

let t: TestApp;
let token: string;
let commodityIds: number[];
const supplierIds: number[] = [];
const called = new Set<string>();

/** One call as the admin; a file answer (an export) counts as its HTTP status. */
async function post(path: ApiPath, body: Record<string, unknown>) {
  called.add(path);
  const answer = await t.call(path, body, token);
  return { ...answer, code: answer.code ?? answer.status };
}

const rows = (table: string, order: string) => queryRows(t, sql.raw(`select * from ${table} order by ${order}`));
const facts = async () => ({
  awardLines: await rows('board_award_lines', 'task_line_id'),
  taskFacts: await rows('board_task_facts', 'task_id'),
});

/** The facts as the writes left them equal the facts rebuilt from scratch. */
async function expectFresh() {
  const kept = await facts();
  await refreshBoardFacts(t.database.db);
  expect(kept).toEqual(await facts());
}

const day = (offsetDays: number) => shanghaiDay(t, offsetDays);
const task = (body: Partial<TaskBody> = {}) =>
  ({
    name: '看板事实测试任务',
    buyerId: 1,
    quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
    deliveryRegionCode: '440305',
    lines: [
      { commodityId: commodityIds[0], quantity: 2, targetPriceFen: 3000 },
      { commodityId: commodityIds[1], quantity: 3 },
    ],
    supplierIds,
    // Quoted in the open: these tests read the prices while quoting (sealed tasks: test/sealing.test.ts).
    sealed: false,
    ...body,
  }) satisfies TaskBody;
const quote = (taskId: number, supplierId: number, lineIds: number[]) =>
  ({
    taskId,
    supplierId,
    quoteDate: day(0),
    validUntil: day(30),
    taxRatePercent: 13,
    freightMode: 'manual',
    freightFen: 500,
    lines: lineIds.map((id, i) => ({ taskLineId: id, unitPriceFen: 2500 + i * 100, moq: 1, leadTimeDays: 7 })),
  }) satisfies QuoteBody;

/** The same body as the wire carries it, for the calls no builder makes. */
const snake = (body: object) => toSnakeCase<Record<string, unknown>>(body);

/** A draft task made by the builder; the facts are checked after it. */
async function created(body: Partial<TaskBody> = {}) {
  called.add(procurementTaskApi.create.path);
  const id = await createTask(t, token, task(body));
  await expectFresh();
  return id;
}
/** A quote saved by the builder; the facts are checked after it. */
async function quoted(taskId: number, supplierId: number, lineIds: number[]) {
  called.add(quotationApi.save.path);
  await saveQuote(t, token, quote(taskId, supplierId, lineIds));
  await expectFresh();
}
const info = async (id: number): Promise<{ version: number; lines: { id: number }[] }> => (await post('/admin/procurement_task/info', { id })).data;
async function act(action: ApiAction<'procurement_task'>, id: number, extra: Record<string, unknown> = {}) {
  const answer = await post(`/admin/procurement_task/${action}`, { id, version: (await info(id)).version, ...extra });
  await expectFresh();
  return answer.code;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
  ({ ids: commodityIds } = await seedCommodities(t, [
    { sku: 'BF-1', name: '竹纤维毛巾', weightG: 200, priceFen: 3000 },
    { sku: 'BF-2', name: '陶瓷马克杯', weightG: 400, priceFen: 2000 },
  ]));
  for (const name of ['杭州看板测试家居有限公司', '宁波看板测试用品厂']) {
    supplierIds.push(await createSupplier(t, token, name));
  }
});
afterAll(() => t.close());

describe('board facts after procurement writes', () => {
  it('match a full rebuild after every route and the deadline sweep', async () => {
    const [s1, s2] = supplierIds;
    const id = await created();
    expect((await post('/admin/procurement_task/update', { id, version: 0, ...snake(task({ name: '改名后的任务' })) })).code).toBe(200);
    await expectFresh();
    expect(await act('publish', id)).toBe(200);
    const lineIds = (await info(id)).lines.map((l) => l.id);
    await quoted(id, s1, lineIds);
    const estimate = { task_id: id, supplier_id: s1, lines: lineIds.map((l) => ({ task_line_id: l, unit_price_fen: 2500 })) };
    expect((await post('/admin/quotation/estimate_freight', estimate)).code).toBe(200);
    await expectFresh();
    expect((await post('/admin/quotation/decline', { task_id: id, supplier_id: s2, reason: '产能不足' })).code).toBe(200);
    await expectFresh();
    expect(await act('close_quote', id)).toBe(200);
    for (const path of ['/admin/procurement_task/compare', '/admin/procurement_task/export_compare'] as const) {
      expect((await post(path, { id })).code).toBe(200);
    }
    await post('/admin/procurement_task/list', { page: 1, page_size: 20 });
    await post('/admin/procurement_task/export', {});
    await post('/admin/procurement_task/plan_options', {});
    await post('/admin/procurement_task/plan_lines', { plan_id: 1 });
    await expectFresh();
    expect(await act('award', id, { lines: lineIds.map((l) => ({ task_line_id: l, supplier_id: s1 })) })).toBe(200);
    expect((await facts()).awardLines).toHaveLength(2);
    expect(await act('complete', id)).toBe(200);

    expect(await act('cancel', await created())).toBe(200);
    expect(await act('delete', await created())).toBe(200);

    // A sealed task opened early: its quotes reach the board facts as it is unsealed.
    const sealedTask = await created({ sealed: true });
    expect(await act('publish', sealedTask)).toBe(200);
    const sealedLines = (await info(sealedTask)).lines.map((l) => l.id);
    await quoted(sealedTask, s1, sealedLines);
    expect(await act('unseal', sealedTask, { reason: '邀请的供应商均已报价' })).toBe(200);

    // 定标审批 on: an award waits, is rejected, is made again and approved by someone else.
    const db = t.database.db;
    const [thresholdType] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, DICT.awardApprovalThreshold));
    await db.insert(dictItems).values({ typeId: thresholdType.id, value: '0.01', label: '0.01元', isDefault: true });
    const approvedTask = await created();
    expect(await act('publish', approvedTask)).toBe(200);
    const approvedLines = (await info(approvedTask)).lines.map((l) => l.id);
    await quoted(approvedTask, s1, approvedLines);
    expect(await act('close_quote', approvedTask)).toBe(200);
    const award = { lines: approvedLines.map((l) => ({ task_line_id: l, supplier_id: s1 })) };
    expect(await act('award', approvedTask, award)).toBe(200);
    const admin = token;
    const approver = await loginWithCodes(
      t,
      ['procurementTaskList', 'procurementTaskMaintain', 'procurementTaskMaintain:approveAward'],
      'approver@facts.test',
    );
    token = approver;
    expect(await act('reject_award', approvedTask, { reason: '复核价格' })).toBe(200);
    token = admin;
    expect(await act('award', approvedTask, award)).toBe(200);
    token = approver;
    expect(await act('approve_award', approvedTask)).toBe(200);
    token = admin;
    await db.delete(dictItems).where(eq(dictItems.typeId, thresholdType.id));

    // Deadlines passing: recorded by the sweep, and by the first read of a task nobody swept yet.
    const swept = await created();
    const late = await created();
    expect(await act('publish', swept)).toBe(200);
    expect(await act('publish', late)).toBe(200);
    t.clock.advance(3 * DAY_MS);
    token = await t.login();
    expect(
      (
        await post(
          '/admin/quotation/save',
          snake(
            quote(
              late,
              s1,
              (await info(late)).lines.map((l) => l.id),
            ),
          ),
        )
      ).code,
    ).toBe(409);
    await expectFresh();
    // `late` was opened by the first read after its deadline (its info above); the sweep records the other.
    expect(await closePassedDeadlines(t.database.db, t.clock.now)).toEqual([swept]);
    await expectFresh();

    const routes = procurementTaskRoutes.map((r) => r.endpoint.path);
    expect(routes.filter((path) => !called.has(path))).toEqual([]);
  });

  it('are refreshed only where procurement writes open their transaction', () => {
    const dir = new URL('.', import.meta.url);
    const openers = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /\.transaction\(|refreshBoardFacts/.test(readFileSync(new URL(file, dir), 'utf8')));
    expect(openers).toEqual(['task-write.ts']);
  });
});
