import {
  DAY_MS,
  DICT,
  PROCUREMENT_STATUSES,
  PROCUREMENT_TRANSITIONS,
  type ProcurementAction,
  type ProcurementStatus,
  procurementTaskApi,
  quotationApi,
  messageApi,
} from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dictTypes, procurementTaskLines, procurementTasks, purchaseOrders, quotations } from '../../db/schema';
import { createSupplier, createTask } from '../../../test/builders';
import { type ApiAction, createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { loginWithCodes, seedCommodities, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';

/**
 * docs/procurement.md "Award approval": with `award_approval_threshold` set, an award whose 到货成本
 * reaches it waits in 定标待审批 until someone else holding procurementTaskMaintain:approveAward
 * approves it (then the orders are made) or rejects it (back to 待定标). Without the setting, or
 * below it, the award works as it always did.
 *
 * Figures: one line of 2 pieces at ¥20.00 with no freight → 到货成本 ¥40.00.
 */

let t: TestApp;
let admin: string;
let approver: string;
let commodityId: number;
let supplierId: number;

/** Sets the threshold (yuan) as the enabled default item of its dictionary, or clears it (off). */
async function setThreshold(yuan: string | null) {
  const db = t.database.db;
  const [type] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, DICT.awardApprovalThreshold));
  await db.delete(dictItems).where(eq(dictItems.typeId, type.id));
  if (yuan) await db.insert(dictItems).values({ typeId: type.id, value: yuan, label: `${yuan}元`, isDefault: true });
}

async function info(id: number, token = admin) {
  return (await t.api(procurementTaskApi.info, { id }, token)).data;
}
async function act(action: ApiAction<'procurement_task'>, id: number, extra: Record<string, unknown> = {}, token = admin) {
  const { version } = await info(id);
  return t.call(`/admin/procurement_task/${action}`, { id, version, ...extra }, token);
}

/** A task with one line, quoted by the supplier at ¥20.00 and closed: 待定标. */
async function evaluatingTask() {
  const id = await createTask(t, admin, {
    name: '定标审批测试任务',
    buyerId: 1,
    quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
    lines: [{ commodityId, quantity: 2 }],
    supplierIds: [supplierId],
    sealed: false,
  });
  expect((await act('publish', id)).code).toBe(200);
  const lineId = (await info(id)).lines[0].id as number;
  const quote = await t.api(
    quotationApi.save,
    {
      taskId: id,
      supplierId: supplierId,
      quoteDate: shanghaiDay(t),
      validUntil: shanghaiDay(t, 30),
      freightMode: 'manual',
      freightFen: 0,
      lines: [{ taskLineId: lineId, unitPriceFen: 2000 }],
    },
    admin,
  );
  expect(quote.code, quote.message).toBe(200);
  expect((await act('close_quote', id)).code).toBe(200);
  return { id, lineId };
}
const awardBody = (lineId: number) => ({ lines: [{ task_line_id: lineId, supplier_id: supplierId }] });
const ordersOf = (taskId: number) => t.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.taskId, taskId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
  ({
    ids: [commodityId],
  } = await seedCommodities(t, [{ sku: 'AA-1', name: '加厚收纳箱', weightG: 800, priceFen: 2000 }]));
  supplierId = await createSupplier(t, admin, '审批测试家居有限公司');
  approver = await loginWithCodes(
    t,
    ['procurementManagement', 'procurementTaskList', 'procurementTaskMaintain', 'procurementTaskMaintain:approveAward'],
    'approver@award.test',
  );
});
afterAll(() => t.close());

describe('award approval', () => {
  it('is off without the setting: the award is 已定标 with its orders at once', async () => {
    await setThreshold(null);
    const { id, lineId } = await evaluatingTask();
    expect(await act('award', id, awardBody(lineId))).toMatchObject({ code: 200, data: { id, status: 'awarded' } });
    expect((await info(id)).status).toBe('awarded');
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('below the threshold the award works as without it', async () => {
    await setThreshold('40.01');
    const { id, lineId } = await evaluatingTask();
    expect((await act('award', id, awardBody(lineId))).code).toBe(200);
    expect((await info(id)).status).toBe('awarded');
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('at the threshold waits for someone else to approve, and the orders come with the approval', async () => {
    await setThreshold('40');
    const { id, lineId } = await evaluatingTask();
    expect(await act('award', id, awardBody(lineId))).toMatchObject({ code: 200, data: { id, status: 'award_pending' } });
    const pending = await info(id);
    expect(pending).toMatchObject({ status: 'award_pending', awardedAmountFen: 4000 });
    expect(pending.allowedActions).toEqual(['approve_award', 'reject_award']);
    expect(await ordersOf(id)).toEqual([]);
    const [quote] = await t.database.db.select().from(quotations).where(eq(quotations.taskId, id));
    expect(quote.status).toBe('submitted');
    // The approver is told, with the task to open; the awarder, who may not approve, is not.
    const told = async (token: string) => (await t.api(messageApi.list, { kind: 'award_pending', pageSize: 50 }, token)).data.list;
    const [message] = await told(approver);
    expect(message).toMatchObject({
      title: `定标待审批：${(await info(id)).code}`,
      link: `/procurementManagement/procurementTaskMaintain?id=${id}`,
    });
    expect(message.body).toContain('¥40.00');
    expect(await told(admin)).toEqual([]);
    // The approver sees the award summary before deciding.
    const view = (await t.api(procurementTaskApi.compare, { id }, approver)).data;
    expect(view.award).toMatchObject({ totalFen: 4000, approvedBy: null, approvedAt: null });

    // Four eyes: the user who awarded can neither approve nor reject it, and nothing changes.
    const own = await act('approve_award', id);
    expect({ code: own.code, message: own.message }).toEqual({ code: 409, message: '定标人不能审批自己的定标，请由其他有审批权限的人处理' });
    expect((await act('reject_award', id, { reason: '自己驳回' })).code).toBe(409);
    expect((await info(id)).status).toBe('award_pending');

    expect((await act('approve_award', id, {}, approver)).code).toBe(200);
    expect((await info(id)).status).toBe('awarded');
    expect(await ordersOf(id)).toHaveLength(1);
    const [won] = await t.database.db.select().from(quotations).where(eq(quotations.taskId, id));
    expect(won.status).toBe('awarded');
    const approved = (await t.api(procurementTaskApi.compare, { id }, admin)).data.award;
    expect(approved).toMatchObject({ approvedBy: '受限用户', approvedAt: t.clock.now.toISOString() });
  });

  it('a rejection discards the award with its reason, and the task is 待定标 again', async () => {
    await setThreshold('40');
    const { id, lineId } = await evaluatingTask();
    expect((await act('award', id, awardBody(lineId))).code).toBe(200);
    expect((await act('reject_award', id, {}, approver)).code).toBe(400);
    expect((await act('reject_award', id, { reason: '请与第二家再议价' }, approver)).code).toBe(200);
    const back = await info(id);
    expect(back).toMatchObject({ status: 'evaluating', awardedAmountFen: null });
    const [line] = await t.database.db.select().from(procurementTaskLines).where(eq(procurementTaskLines.taskId, id));
    expect(line).toMatchObject({ awardedSupplierId: null, awardedUnitPriceFen: null, awardedQuantity: null });
    const [task] = await t.database.db.select().from(procurementTasks).where(eq(procurementTasks.id, id));
    expect(task).toMatchObject({ statusReason: '请与第二家再议价', awardedBy: null, awardedById: null });
    expect(await ordersOf(id)).toEqual([]);
    // It can be awarded again.
    expect((await act('award', id, awardBody(lineId))).code).toBe(200);
    expect((await info(id)).status).toBe('award_pending');
  });

  it('needs the approval code', async () => {
    await setThreshold('40');
    const { id, lineId } = await evaluatingTask();
    expect((await act('award', id, awardBody(lineId))).code).toBe(200);
    const buyer = await loginWithCodes(t, ['procurementTaskList', 'procurementTaskMaintain', 'procurementTaskMaintain:award'], 'buyer@award.test');
    expect((await act('approve_award', id, {}, buyer)).code).toBe(403);
  });

  describe('from every status, with the threshold on', () => {
    async function taskIn(status: ProcurementStatus) {
      await setThreshold('40');
      if (status === 'draft' || status === 'cancelled' || status === 'quoting') {
        const id = await createTask(t, admin, {
          name: '定标审批状态测试',
          buyerId: 1,
          lines: [{ commodityId, quantity: 2 }],
          supplierIds: [supplierId],
          sealed: false,
        });
        const lineId = (await info(id)).lines[0].id as number;
        if (status === 'cancelled') expect((await act('cancel', id, { reason: '需求取消' })).code).toBe(200);
        if (status === 'quoting') expect((await act('publish', id)).code).toBe(200);
        return { id, lineId };
      }
      const task = await evaluatingTask();
      if (status === 'evaluating') return task;
      expect((await act('award', task.id, awardBody(task.lineId))).code).toBe(200);
      if (status === 'award_pending') return task;
      expect((await act('approve_award', task.id, {}, approver)).code).toBe(200);
      if (status === 'completed') expect((await act('complete', task.id)).code).toBe(200);
      return task;
    }
    const bodies: Partial<Record<ProcurementAction, (task: { lineId: number }) => Record<string, unknown>>> = {
      edit: () => ({
        name: '改名',
        buyer_id: 1,
        quote_deadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
        delivery_region_code: '440305',
        lines: [{ commodity_id: commodityId, quantity: 2 }],
        supplier_ids: [supplierId],
      }),
      unseal: () => ({ reason: '提前开标' }),
      cancel: () => ({ reason: '需求取消' }),
      award: (task) => awardBody(task.lineId),
      reject_award: () => ({ reason: '价格需复核' }),
    };

    sweepStatusMachine({
      machine: PROCUREMENT_TRANSITIONS,
      statuses: PROCUREMENT_STATUSES,
      build: taskIn,
      act: async (action, task) => {
        if (action === 'quote') {
          return t.api(
            quotationApi.save,
            {
              taskId: task.id,
              supplierId: supplierId,
              quoteDate: shanghaiDay(t),
              validUntil: shanghaiDay(t, 30),
              freightMode: 'manual',
              freightFen: 0,
              lines: [{ taskLineId: task.lineId, unitPriceFen: 2000 }],
            },
            admin,
          );
        }
        const { version } = await info(task.id);
        const path = action === 'edit' ? 'update' : action;
        // The approval is someone else's: the approver acts on it, the administrator (who awarded) on the rest.
        const token = action === 'approve_award' || action === 'reject_award' ? approver : admin;
        return t.call(`/admin/procurement_task/${path}`, { id: task.id, version, ...(bodies[action]?.(task) ?? {}) }, token);
      },
      snapshot: async ({ id }) => {
        const db = t.database.db;
        return {
          task: await db.select().from(procurementTasks).where(eq(procurementTasks.id, id)),
          lines: await db.select().from(procurementTaskLines).where(eq(procurementTaskLines.taskId, id)),
          quotes: await db.select().from(quotations).where(eq(quotations.taskId, id)),
          orders: await ordersOf(id),
          audit: await auditRowCount(db),
        };
      },
      statusOf: async ({ id }) => (await info(id))?.status,
      listed: async ({ id }) => (await info(id)).allowedActions,
      allowed: (action) => action !== 'unseal',
    });
  });
});
