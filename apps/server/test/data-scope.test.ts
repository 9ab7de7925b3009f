import { eq } from 'drizzle-orm';
import { type Endpoint, type PlanCreateBody, toSnakeCase, DAY_MS } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { backUsers, menus, planningTasks, purchaseOrderLines, purchaseOrders, rolePermissions, roles } from '../src/db/schema';
import { hashPassword } from '../src/lib/access/passwords';
import type { AnyRoute } from '../src/lib/http/route';
import { allRoutes } from '../src/modules';
import { createPlan as buildPlan, createTask as buildTask } from './builders';
import { download, readWorkbook } from './excel';
import { databaseFingerprint } from './fingerprint';
import { type ApiPath, createTestApp, shanghaiDay, type TestApp } from './helpers';
import { portalSupplier } from './portal-fixtures';
import { seedCommodities, seedDictionaries, supplierBody } from './procurement-fixtures';

/**
 * docs/rules/quality-bars.md "Data scope", generated from the route registry: for every plan,
 * procurement-task, quotation and purchase-order route that names a record, a user whose role holds every code
 * but has data scope 仅本人 (`own`) gets 404 on someone else's record, with nothing changed, and a
 * normal answer on their own. Lists, exports, the board and the workbench count only their records.
 */

const SCOPED_EMAIL = 'own@scope.test';
const PASSWORD = 'Scoped12345';

let t: TestApp;
let admin: string;
let scoped: string;
let scopedId: number;
let adminId: number;
let commodityIds: number[];
let supplierId: number;

const day = (offsetDays: number) => shanghaiDay(t, offsetDays);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const { db } = t.database;
  await seedDictionaries(t);
  ({ ids: commodityIds } = await seedCommodities(t, [
    { sku: 'DS-1', name: '北欧风收纳箱', weightG: 800, priceFen: 3000 },
    { sku: 'DS-2', name: '硅胶保鲜盒', weightG: 350, priceFen: 2000 },
  ]));
  const supplier = await t.call('/admin/supplier/create', supplierBody('义乌优品家居有限公司'), admin);
  supplierId = supplier.data.id;

  const allCodes = (await db.select({ key: menus.key }).from(menus)).map((m) => m.key);
  const [role] = await db.insert(roles).values({ name: '仅本人采购', code: 'own_scope', dataScope: 'own' }).returning({ id: roles.id });
  await db.insert(rolePermissions).values(allCodes.map((code) => ({ roleId: role.id, code })));
  [{ id: scopedId }] = await db
    .insert(backUsers)
    .values({ email: SCOPED_EMAIL, username: '赵本人', passwordHash: await hashPassword(PASSWORD), roleId: role.id })
    .returning({ id: backUsers.id });
  scoped = await t.login(SCOPED_EMAIL, PASSWORD);
  [{ id: adminId }] = await db.select({ id: backUsers.id }).from(backUsers).where(eq(backUsers.email, 'admin@test.com'));
});
afterAll(() => t.close());

const planFields = () =>
  ({
    name: '数据范围测试计划',
    planType: 'regular',
    warehouse: 'sh_jiading',
    periodStart: day(1),
    periodEnd: day(30),
    lines: [{ commodityId: commodityIds[0], quantity: 10 }],
  }) satisfies PlanCreateBody;
const taskFields = (buyerId: number) => ({
  name: '数据范围测试任务',
  buyerId,
  quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
  deliveryRegionCode: '440305',
  lines: [{ commodityId: commodityIds[0], quantity: 5, targetPriceFen: 3000 }],
  supplierIds: [supplierId],
  // Quoted in the open: these tests read the prices while quoting (sealed tasks: test/sealing.test.ts).
  sealed: false,
});
/** The same headers on the wire, for the sample bodies of the routes swept below. */
const planHeader = () => toSnakeCase<Record<string, unknown>>(planFields());
const taskHeader = (buyerId: number) => toSnakeCase<Record<string, unknown>>(taskFields(buyerId));

async function ok(path: ApiPath, body: unknown, token: string) {
  const answer = await t.call(path, body, token);
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
}
const createPlan = (token: string, extra: Partial<PlanCreateBody> = {}) => buildPlan(t, token, { ...planFields(), ...extra });
const createTask = (token: string, buyerId: number) => buildTask(t, token, taskFields(buyerId));

interface RecordRef {
  id: number;
  version: number;
  lineId: number;
}
const planRef = async (id: number): Promise<RecordRef> => {
  const plan = await ok('/admin/planning_task/info', { id }, admin);
  return { id, version: plan.version, lineId: plan.lines[0]?.id ?? 1 };
};
const taskRef = async (id: number): Promise<RecordRef> => {
  const task = await ok('/admin/procurement_task/info', { id }, admin);
  return { id, version: task.version, lineId: task.lines[0]?.id ?? 1 };
};

type RecordKind = 'plan' | 'task' | 'order' | 'receipt' | 'return';

/** The record a route names: a plan, a procurement task, a purchase order or its receipt, and the body key that carries its id. */
function recordOf(route: AnyRoute): { kind: RecordKind; key: string } | null {
  const path = route.endpoint.path;
  if (!/^\/admin\/(planning_task|procurement_task|quotation|purchase_order|purchase_receipt|purchase_return)\//.test(path)) return null;
  // A required id field names the record; an optional one (a list filter, a source plan) does not.
  const shape = (route.endpoint.body as unknown as { shape?: Record<string, ZodType> }).shape ?? {};
  const key = ['id', 'planId', 'taskId', 'orderId'].find((k) => k in shape && !shape[k].safeParse(undefined).success);
  if (!key) return null;
  if (path.startsWith('/admin/purchase_order/')) return { kind: 'order', key };
  if (path.startsWith('/admin/purchase_receipt/')) return { kind: 'receipt', key };
  if (path.startsWith('/admin/purchase_return/')) return { kind: key === 'orderId' ? 'order' : 'return', key };
  return { kind: path.startsWith('/admin/planning_task/') || key === 'planId' ? 'plan' : 'task', key };
}

/** A body each record route accepts (it passes validation, so the scope decides the answer). */
const bodies: Record<string, (r: RecordRef) => Record<string, unknown>> = {
  '/admin/planning_task/info': (r) => ({ id: r.id }),
  '/admin/planning_task/update': (r) => ({ id: r.id, version: r.version, ...planHeader(), name: '改名' }),
  '/admin/planning_task/delete': (r) => ({ id: r.id, version: r.version }),
  '/admin/planning_task/submit': (r) => ({ id: r.id, version: r.version }),
  '/admin/planning_task/approve': (r) => ({ id: r.id, version: r.version }),
  '/admin/planning_task/reject': (r) => ({ id: r.id, version: r.version, reason: '数量偏大' }),
  '/admin/planning_task/cancel': (r) => ({ id: r.id, version: r.version, reason: '不再需要' }),
  '/admin/planning_task/close': (r) => ({ id: r.id, version: r.version, reason: '提前结束' }),
  '/admin/planning_task/generate': (r) => ({ id: r.id, version: r.version, mode: 'plan' }),
  '/admin/planning_task/import': (r) => ({ id: r.id, version: r.version, file_name: 'lines.xlsx', file_base64: 'UEsDBA==' }),
  '/admin/planning_task/import_report': (r) => ({ id: r.id, version: r.version, file_name: 'lines.xlsx', file_base64: 'UEsDBA==' }),
  '/admin/procurement_task/plan_lines': (r) => ({ plan_id: r.id }),
  '/admin/procurement_task/info': (r) => ({ id: r.id }),
  '/admin/procurement_task/update': (r) => ({ id: r.id, version: r.version, ...taskHeader(adminId), name: '改名' }),
  '/admin/procurement_task/delete': (r) => ({ id: r.id, version: r.version }),
  '/admin/procurement_task/publish': (r) => ({ id: r.id, version: r.version }),
  '/admin/procurement_task/close_quote': (r) => ({ id: r.id, version: r.version }),
  '/admin/procurement_task/unseal': (r) => ({ id: r.id, version: r.version, reason: '提前开标' }),
  '/admin/procurement_task/approve_award': (r) => ({ id: r.id, version: r.version }),
  '/admin/procurement_task/reject_award': (r) => ({ id: r.id, version: r.version, reason: '价格需复核' }),
  '/admin/procurement_task/cancel': (r) => ({ id: r.id, version: r.version, reason: '取消' }),
  '/admin/procurement_task/complete': (r) => ({ id: r.id, version: r.version }),
  '/admin/procurement_task/compare': (r) => ({ id: r.id }),
  '/admin/procurement_task/award': (r) => ({ id: r.id, version: r.version, lines: [{ task_line_id: r.lineId, supplier_id: supplierId }] }),
  '/admin/procurement_task/export_compare': (r) => ({ id: r.id }),
  '/admin/quotation/save': (r) => ({
    task_id: r.id,
    supplier_id: supplierId,
    quote_date: day(0),
    valid_until: day(30),
    tax_rate_percent: 13,
    freight_mode: 'manual',
    freight_fen: 0,
    lines: [{ task_line_id: r.lineId, unit_price_fen: 2800 }],
  }),
  '/admin/quotation/decline': (r) => ({ task_id: r.id, supplier_id: supplierId, reason: '产能不足' }),
  '/admin/quotation/estimate_freight': (r) => ({ task_id: r.id, supplier_id: supplierId, lines: [{ task_line_id: r.lineId, unit_price_fen: 2800 }] }),
  '/admin/purchase_order/info': (r) => ({ id: r.id }),
  '/admin/purchase_order/confirm': (r) => ({ id: r.id, version: r.version }),
  '/admin/purchase_order/receive': (r) => ({ id: r.id, version: r.version, received_on: day(0), lines: [{ order_line_id: r.lineId, quantity: 1 }] }),
  '/admin/purchase_order/close': (r) => ({ id: r.id, version: r.version, reason: '不再需要' }),
  '/admin/purchase_order/reject': (r) => ({ id: r.id, version: r.version, reason: '产能不足' }),
  '/admin/purchase_receipt/reverse': (r) => ({ id: r.id, version: r.version, reason: '数量录错' }),
  '/admin/purchase_return/create': (r) => ({
    order_id: r.id,
    reason_type: 'quality',
    replacement: true,
    lines: [{ order_line_id: r.lineId, quantity: 1 }],
  }),
  '/admin/purchase_return/info': (r) => ({ id: r.id }),
  '/admin/purchase_return/update': (r) => ({ id: r.id, version: r.version, lines: [{ order_line_id: r.lineId, quantity: 1 }] }),
  '/admin/purchase_return/confirm': (r) => ({ id: r.id, version: r.version }),
  '/admin/purchase_return/ship': (r) => ({ id: r.id, version: r.version, shipped_on: day(0) }),
  '/admin/purchase_return/cancel': (r) => ({ id: r.id, version: r.version, reason: '不退了' }),
};

/**
 * A 已确认 purchase order of a new task whose buyer is `buyerId` (written straight in: the award that
 * normally makes it is tested with the orders), so confirm answers 409 and receive and close 200.
 */
async function orderRef(buyerId: number, task?: RecordRef, orderSupplierId = supplierId): Promise<RecordRef> {
  task ??= await taskRef(await createTask(admin, buyerId));
  const { db } = t.database;
  const [order] = await db
    .insert(purchaseOrders)
    .values({
      code: `POSCOPE${task.id}`,
      taskId: task.id,
      supplierId: orderSupplierId,
      buyerId,
      status: 'confirmed',
      invoiceType: 'special',
      taxRatePercent: 13,
      goodsFen: 14_000,
      freightFen: 0,
      totalFen: 14_000,
      orderedQuantity: 5,
      deliveryRegionCode: '440305',
    })
    .returning({ id: purchaseOrders.id });
  const [line] = await db
    .insert(purchaseOrderLines)
    .values({
      orderId: order.id,
      sort: 0,
      taskLineId: task.lineId,
      commodityId: commodityIds[0],
      quantity: 5,
      unitPriceFen: 2800,
      amountFen: 14_000,
      freightFen: 0,
    })
    .returning({ id: purchaseOrderLines.id });
  return { id: order.id, version: 0, lineId: line.id };
}
/** A receipt of 2 on such an order: its reversal answers 200 where the order is in scope. */
async function receiptRef(buyerId: number): Promise<RecordRef> {
  const order = await orderRef(buyerId);
  await ok(
    '/admin/purchase_order/receive',
    { id: order.id, version: 0, received_on: day(0), lines: [{ order_line_id: order.lineId, quantity: 2 }] },
    admin,
  );
  const [receipt] = (await ok('/admin/purchase_order/info', { id: order.id }, admin)).receipts;
  return { id: receipt.id, version: receipt.version, lineId: order.lineId };
}
/** A return of 1 waiting for the supplier, on an order that received 2: update, confirm and cancel answer 200, ship 409 (not yet confirmed). */
async function returnRef(buyerId: number): Promise<RecordRef> {
  const order = await orderRef(buyerId);
  await ok(
    '/admin/purchase_order/receive',
    { id: order.id, version: 0, received_on: day(0), lines: [{ order_line_id: order.lineId, quantity: 2 }] },
    admin,
  );
  const body = { order_id: order.id, reason_type: 'quality', replacement: true, lines: [{ order_line_id: order.lineId, quantity: 1 }] };
  const { id } = await ok('/admin/purchase_return/create', body, admin);
  return { id, version: 0, lineId: order.lineId };
}
const refOf = (kind: RecordKind, owner: 'admin' | 'scoped') => {
  if (kind === 'order') return orderRef(owner === 'admin' ? adminId : scopedId);
  if (kind === 'receipt') return receiptRef(owner === 'admin' ? adminId : scopedId);
  if (kind === 'return') return returnRef(owner === 'admin' ? adminId : scopedId);
  const token = owner === 'admin' ? admin : scoped;
  return kind === 'plan' ? createPlan(token).then(planRef) : createTask(token, owner === 'admin' ? adminId : scopedId).then(taskRef);
};

const recordRoutes = allRoutes.flatMap((route) => {
  const record = recordOf(route);
  return record ? [[route.endpoint.path, record, route.endpoint] as const] : [];
});

describe('the record routes of plans and procurement tasks', () => {
  it('are all covered here (a new route that names a record needs a body above)', () => {
    expect(recordRoutes.length).toBeGreaterThan(20);
    expect(recordRoutes.map(([path]) => path).sort()).toEqual(Object.keys(bodies).sort());
  });
});

/** A file route answers with the file itself, an application outcome with the JSON envelope. */
async function answerOf(endpoint: Endpoint, body: unknown, token: string) {
  const response = await download(t, endpoint, body, token);
  const json = response.headers['content-type']?.toString().includes('json') ? response.json() : null;
  return { status: response.statusCode, code: json ? json.code : 200, message: json?.message };
}

describe.each(recordRoutes)('%s', (path, record, endpoint) => {
  const body = bodies[path];

  it("answers 404 on someone else's record and changes nothing", async () => {
    // The administrator's own plan and task: neither owner, creator nor buyer is the scoped user.
    const ref = await refOf(record.kind, 'admin');
    const before = await databaseFingerprint(t.database.db);
    const answer = await answerOf(endpoint, body(ref), scoped);
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 404 });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    // The same call by a user who may see every record is not refused for scope.
    expect((await answerOf(endpoint, body(ref), admin)).code).not.toBe(404);
  });

  it('answers normally on their own record', async () => {
    const ref = await refOf(record.kind, 'scoped');
    const answer = await answerOf(endpoint, body(ref), scoped);
    expect(answer.status).toBe(200);
    expect([401, 403, 404, 500], `${path}: ${answer.message}`).not.toContain(answer.code);
  });
});

/**
 * The supplier column (docs/rules/data-scope.md, "Suppliers"): every portal route that names a task
 * or an order answers another supplier 404 with nothing changed, and its own supplier normally.
 */
function portalRecordOf(route: AnyRoute): { kind: 'task' | 'order'; key: string } | null {
  const path = route.endpoint.path;
  if (!path.startsWith('/portal/')) return null;
  // Shipments, returns and statements are records of their own: the portal isolation sweep of the
  // authorization matrix builds another supplier's one of each (FOREIGN_BODIES).
  if (!/^\/portal\/(rfq|quotation|clarification|purchase_order)\//.test(path)) return null;
  const shape = (route.endpoint.body as unknown as { shape?: Record<string, ZodType> }).shape ?? {};
  const key = ['id', 'taskId'].find((k) => k in shape && !shape[k].safeParse(undefined).success);
  if (!key) return null;
  return { kind: key === 'taskId' ? 'task' : 'order', key };
}
const supplierBodies: Record<string, (r: RecordRef) => Record<string, unknown>> = {
  '/portal/rfq/info': (r) => ({ task_id: r.id }),
  '/portal/quotation/submit': (r) => ({
    task_id: r.id,
    valid_until: day(30),
    freight_mode: 'manual',
    freight_fen: 0,
    lines: [{ task_line_id: r.lineId, unit_price_fen: 2800 }],
  }),
  '/portal/quotation/decline': (r) => ({ task_id: r.id, reason: '产能不足' }),
  '/portal/quotation/estimate_freight': (r) => ({ task_id: r.id }),
  '/portal/clarification/ask': (r) => ({ task_id: r.id, question: '能否分两批交货？' }),
  '/portal/purchase_order/info': (r) => ({ id: r.id }),
  '/portal/purchase_order/confirm': (r) => ({ id: r.id, version: r.version }),
  '/portal/purchase_order/reject': (r) => ({ id: r.id, version: r.version, reason: '产能不足，无法按期交货' }),
};
const portalRecordRoutes = allRoutes.flatMap((route) => {
  const record = portalRecordOf(route);
  return record ? [[route.endpoint.path, record, route.endpoint] as const] : [];
});

describe('the supplier column: portal routes that name a task or an order', () => {
  let own: Awaited<ReturnType<typeof portalSupplier>>;
  let other: Awaited<ReturnType<typeof portalSupplier>>;
  beforeAll(async () => {
    own = await portalSupplier(t, admin, '嘉兴门户本方家居有限公司', 'own-supplier@scope.test');
    other = await portalSupplier(t, admin, '湖州门户他方家居有限公司', 'other-supplier@scope.test');
  });
  /** A published task inviting the own supplier alone, or an order of it on such a task. */
  const supplierRecord = async (kind: 'task' | 'order') => {
    const id = await buildTask(t, admin, { ...taskFields(adminId), supplierIds: [own.supplierId] });
    await ok('/admin/procurement_task/publish', { id, version: 0 }, admin);
    const task = await taskRef(id);
    return kind === 'task' ? task : orderRef(adminId, task, own.supplierId);
  };

  it('are all covered here (a new portal route that names a record needs a body above)', () => {
    expect(portalRecordRoutes.map(([path]) => path).sort()).toEqual(Object.keys(supplierBodies).sort());
  });

  describe.each(portalRecordRoutes)('%s', (path, record, endpoint) => {
    const body = supplierBodies[path];

    it('answers another supplier 404 and changes nothing', async () => {
      const ref = await supplierRecord(record.kind);
      const before = await databaseFingerprint(t.database.db);
      const answer = await answerOf(endpoint, body(ref), other.token);
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 404 });
      expect(await databaseFingerprint(t.database.db)).toEqual(before);
    });

    it('answers its own supplier normally', async () => {
      const ref = await supplierRecord(record.kind);
      const answer = await answerOf(endpoint, body(ref), own.token);
      expect(answer.status).toBe(200);
      expect([401, 403, 404, 500], `${path}: ${answer.message}`).not.toContain(answer.code);
    });
  });
});

describe('lists, exports and figures with data scope 仅本人', () => {
  const mine: { plans: number[]; tasks: number[] } = { plans: [], tasks: [] };
  const theirs: { plans: number[]; tasks: number[] } = { plans: [], tasks: [] };

  beforeAll(async () => {
    // Own: created by the user (owned by someone else), or owned by the user (created by someone else).
    mine.plans.push(await createPlan(scoped, { ownerId: adminId, name: '本人创建的计划' }));
    mine.plans.push(await createPlan(admin, { ownerId: scopedId, name: '本人负责的计划' }));
    theirs.plans.push(await createPlan(admin, { name: '他人的计划' }));
    // Own: bought by the user (created by someone else), or created by the user for another buyer.
    mine.tasks.push(await createTask(admin, scopedId));
    mine.tasks.push(await createTask(scoped, adminId));
    theirs.tasks.push(await createTask(admin, adminId));
    // Published, so the board's response figures and the workbench's deadline card count them.
    for (const id of [...mine.tasks, ...theirs.tasks]) await ok('/admin/procurement_task/publish', { id, version: 0 }, admin);
  });

  const ids = (list: { id: number }[]) => list.map((row) => row.id);

  it('lists only their plans and tasks; the administrator sees all of them', async () => {
    const plans = ids((await ok('/admin/planning_task/list', { page: 1, page_size: 200 }, scoped)).list);
    expect(plans).toEqual(expect.arrayContaining(mine.plans));
    expect(plans).not.toEqual(expect.arrayContaining([theirs.plans[0]]));
    const allPlans = ids((await ok('/admin/planning_task/list', { page: 1, page_size: 200 }, admin)).list);
    expect(allPlans).toEqual(expect.arrayContaining([...mine.plans, ...theirs.plans]));

    const tasks = await ok('/admin/procurement_task/list', { page: 1, page_size: 200 }, scoped);
    expect(ids(tasks.list)).toEqual(expect.arrayContaining(mine.tasks));
    expect(ids(tasks.list)).not.toContain(theirs.tasks[0]);
    expect(tasks.total).toBe(tasks.list.length);
  });

  it('lists, exports and counts only the orders they buy', async () => {
    const own = await orderRef(scopedId);
    const other = await orderRef(adminId);
    const listedOrders = (await ok('/admin/purchase_order/list', { page: 1, page_size: 200 }, scoped)).list as { id: number; status: string }[];
    const listed = ids(listedOrders);
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(other.id);
    expect(ids((await ok('/admin/purchase_order/list', { page: 1, page_size: 200 }, admin)).list)).toEqual(
      expect.arrayContaining([own.id, other.id]),
    );
    const response = await download(t, '/admin/purchase_order/export', {}, scoped);
    const [rows] = [...(await readWorkbook(response.rawPayload)).values()];
    const listedCodes = (await ok('/admin/purchase_order/list', { page: 1, page_size: 200 }, scoped)).list.map((o: { code: string }) => o.code);
    expect(
      rows
        .slice(1)
        .map((row) => String(row[0]))
        .sort(),
    ).toEqual(listedCodes.sort());
    expect(listedCodes).not.toContain((await ok('/admin/purchase_order/info', { id: other.id }, admin)).code);
    const bench = await ok('/admin/workbench/overview', {}, scoped);
    const open = listedOrders.filter((o) => ['pending', 'confirmed', 'partially_received'].includes(o.status)).length;
    expect(bench.open_order_count).toBe(open);
    expect((await ok('/admin/workbench/overview', {}, admin)).open_order_count).toBeGreaterThan(open);
    expect(bench.open_orders.map((o: { id: number }) => o.id)).not.toContain(other.id);
  });

  it('two users of scope 仅本人 asking the same filters each see their own tasks', async () => {
    const [{ roleId }] = await t.database.db.select({ roleId: backUsers.roleId }).from(backUsers).where(eq(backUsers.id, scopedId));
    const [{ id: otherId }] = await t.database.db
      .insert(backUsers)
      .values({ email: 'own2@scope.test', username: '钱本人', passwordHash: await hashPassword(PASSWORD), roleId })
      .returning({ id: backUsers.id });
    const other = await t.login('own2@scope.test', PASSWORD);
    const otherTask = await createTask(admin, otherId);
    await ok('/admin/procurement_task/publish', { id: otherTask, version: 0 }, admin);

    // The same page shape one after another, both ways round: each answer is its own user's tasks.
    for (const filter of [{}, { status: 'quoting' }, { keyword: '数据范围', status: 'quoting' }]) {
      for (const round of [0, 1]) {
        const [first, second] = round === 0 ? [scoped, other] : [other, scoped];
        for (const token of [first, second]) {
          const seen = ids((await ok('/admin/procurement_task/list', { page: 1, page_size: 200, ...filter }, token)).list);
          if (token === other) expect(seen, JSON.stringify(filter)).toEqual([otherTask]);
          else {
            expect(seen, JSON.stringify(filter)).toEqual(expect.arrayContaining(mine.tasks));
            expect(seen).not.toContain(otherTask);
          }
        }
      }
    }
  });

  it('exports only their plans and tasks', async () => {
    const codes = async (infoPath: ApiPath, list: number[]) =>
      Promise.all(list.map(async (id) => (await ok(infoPath, { id }, admin)).code as string));
    const exported = async (path: ApiPath) => {
      const response = await download(t, path, {}, scoped);
      expect(response.statusCode).toBe(200);
      const [rows] = [...(await readWorkbook(response.rawPayload)).values()];
      return rows.slice(1).map((row) => String(row[0]));
    };
    const plans = await exported('/admin/planning_task/export');
    expect(plans).toEqual(expect.arrayContaining(await codes('/admin/planning_task/info', mine.plans)));
    expect(plans).not.toContain((await codes('/admin/planning_task/info', theirs.plans))[0]);
    const tasks = await exported('/admin/procurement_task/export');
    expect(tasks.sort()).toEqual(
      (
        await codes(
          '/admin/procurement_task/info',
          (await ok('/admin/procurement_task/list', { page: 1, page_size: 200 }, scoped)).list.map((r: { id: number }) => r.id),
        )
      ).sort(),
    );
    expect(tasks).not.toContain((await codes('/admin/procurement_task/info', theirs.tasks))[0]);
  });

  it('offers only their plans as source plans', async () => {
    await t.database.db.execute(`update planning_tasks set status = 'in_procurement' where id in (${[...mine.plans, ...theirs.plans].join(',')})`);
    const offered = (await ok('/admin/procurement_task/plan_options', { open: true }, scoped)).map((p: { plan_id: number }) => p.plan_id);
    expect(offered.sort()).toEqual([...mine.plans].sort());
    await t.database.db.execute(`update planning_tasks set status = 'draft' where id in (${[...mine.plans, ...theirs.plans].join(',')})`);
  });

  it('counts only their records on the data board and the workbench', async () => {
    const range = { date_from: day(-1), date_to: day(10) };
    const invited = async (token: string) => {
      const rows = await ok('/admin/data_board/supplier_response', range, token);
      return rows.find((r: { supplier_id: number }) => r.supplier_id === supplierId)?.invited ?? 0;
    };
    const mineInvited = await invited(scoped);
    const allInvited = await invited(admin);
    const visibleTasks = (await ok('/admin/procurement_task/list', { page: 1, page_size: 200, status: 'quoting' }, scoped)).total;
    expect(mineInvited).toBe(visibleTasks);
    expect(allInvited).toBeGreaterThan(mineInvited);

    const created = async (token: string) =>
      (await ok('/admin/data_board/plan_funnel', range, token)).find((s: { status: string }) => s.status === 'created').count;
    const visiblePlans = (await ok('/admin/planning_task/list', { page: 1, page_size: 1 }, scoped)).total;
    expect(await created(scoped)).toBe(visiblePlans);
    expect(await created(admin)).toBeGreaterThan(visiblePlans);

    const soon = async (token: string) => (await ok('/admin/workbench/overview', {}, token)).todos.tasks_deadline_soon;
    expect(await soon(scoped)).toBe(visibleTasks);
    expect(await soon(admin)).toBeGreaterThan(visibleTasks);
  });

  it("counts a supplier's invitations over the tasks the user may open, in the list, the detail and the export", async () => {
    const visibleTasks = (await ok('/admin/procurement_task/list', { page: 1, page_size: 200 }, scoped)).list as { id: number }[];
    const inviting = [];
    for (const { id } of visibleTasks) {
      const task = await ok('/admin/procurement_task/info', { id }, scoped);
      if ((task.suppliers ?? []).some((s: { supplier_id: number }) => s.supplier_id === supplierId)) inviting.push(id);
    }
    const stats = async (token: string) => {
      const row = (await ok('/admin/supplier/list', { page: 1, page_size: 200 }, token)).list.find((r: { id: number }) => r.id === supplierId);
      const info = await ok('/admin/supplier/info', { id: supplierId }, token);
      expect(info.tasks_invited).toBe(row.tasks_invited);
      return row.tasks_invited as number;
    };
    expect(await stats(scoped)).toBe(inviting.length);
    expect(await stats(admin)).toBeGreaterThan(inviting.length);
    const file = await download(t, '/admin/supplier/export', { ids: [supplierId] }, scoped);
    const [, row] = (await readWorkbook(file.rawPayload)).values().next().value as unknown[][];
    expect(row).toContain(inviting.length);
  });
});

describe('who may be a buyer or a plan owner', () => {
  /** A user whose role holds exactly `codes`, in the given state. */
  async function userWith(email: string, codes: string[], state: { user?: 'disabled'; role?: 'disabled' } = {}) {
    const { db } = t.database;
    const [role] = await db
      .insert(roles)
      .values({ name: `角色${email}`, code: `r_${email.replace(/\W/g, '_')}`, status: state.role ?? 'enabled' })
      .returning({ id: roles.id });
    await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
    const [user] = await db
      .insert(backUsers)
      .values({ email, username: email.split('@')[0], passwordHash: await hashPassword(PASSWORD), roleId: role.id, status: state.user ?? 'enabled' })
      .returning({ id: backUsers.id });
    return user.id;
  }
  const BUYER = ['procurementTaskList', 'procurementTaskMaintain'];
  const fieldErrorOf = (answer: { code: number; data: { field_errors?: { field: string; message: string }[] } }) => ({
    code: answer.code,
    field: answer.data?.field_errors?.[0]?.field,
    message: answer.data?.field_errors?.[0]?.message,
  });

  let planner: number;
  let buyer: number;
  let disabledBuyer: number;
  let buyerOfDisabledRole: number;
  beforeAll(async () => {
    planner = await userWith('planner@eligible.test', ['planningTaskList', 'planningTaskList:create']);
    buyer = await userWith('buyer@eligible.test', BUYER);
    disabledBuyer = await userWith('off@eligible.test', BUYER, { user: 'disabled' });
    buyerOfDisabledRole = await userWith('role-off@eligible.test', BUYER, { role: 'disabled' });
  });

  it('refuses a buyer without the procurement task codes, disabled, or of a disabled role', async () => {
    for (const [userId, message] of [
      [planner, '该用户的角色没有采购员所需的权限，请重新选择'],
      [buyerOfDisabledRole, '该用户的角色没有采购员所需的权限，请重新选择'],
      [disabledBuyer, '采购员已停用，请重新选择'],
      [999_999, '采购员不存在'],
    ] as const) {
      const answer = await t.call('/admin/procurement_task/create', taskHeader(userId), admin);
      expect(fieldErrorOf(answer)).toEqual({ code: 400, field: 'buyer_id', message });
    }
    const id = await createTask(admin, buyer);
    const reassigned = await t.call('/admin/procurement_task/update', { id, version: 0, ...taskHeader(planner) }, admin);
    expect(fieldErrorOf(reassigned)).toMatchObject({ code: 400, field: 'buyer_id' });
    expect((await ok('/admin/procurement_task/info', { id }, admin)).buyer_id).toBe(buyer);
    await ok('/admin/procurement_task/update', { id, version: 0, ...taskHeader(buyer), name: '保留原采购员' }, admin);
  });

  it('refuses a plan owner without the plan list code', async () => {
    const answer = await t.call('/admin/planning_task/create', { ...planHeader(), owner_id: buyer }, admin);
    expect(fieldErrorOf(answer)).toEqual({ code: 400, field: 'owner_id', message: '该用户的角色没有负责人所需的权限，请重新选择' });
    const id = await createPlan(admin, { ownerId: planner });
    const reassigned = await t.call('/admin/planning_task/update', { id, version: 0, ...planHeader(), owner_id: disabledBuyer }, admin);
    expect(fieldErrorOf(reassigned)).toMatchObject({ code: 400, field: 'owner_id', message: '负责人已停用，请重新选择' });
  });

  it('generates tasks only for an eligible buyer', async () => {
    const id = await createPlan(admin, { ownerId: planner });
    await ok('/admin/planning_task/submit', { id, version: 0 }, admin);
    await t.database.db.update(planningTasks).set({ status: 'approved' }).where(eq(planningTasks.id, id));
    const refused = await t.call('/admin/planning_task/generate', { id, version: 1, mode: 'plan', buyer_id: planner }, admin);
    expect(fieldErrorOf(refused)).toMatchObject({ code: 400, field: 'buyer_id' });
    const { task_ids: taskIds } = await ok('/admin/planning_task/generate', { id, version: 1, mode: 'plan', buyer_id: buyer }, admin);
    expect((await ok('/admin/procurement_task/info', { id: taskIds[0] }, admin)).buyer_id).toBe(buyer);
  });

  it('offers only eligible users in the buyer and owner pickers', async () => {
    const options = async (codes: string[]) =>
      (await ok('/admin/back_user/options', { permission_codes: codes }, scoped)).map((o: { value: number }) => o.value);
    const buyers = await options(BUYER);
    expect(buyers).toEqual(expect.arrayContaining([adminId, scopedId, buyer]));
    for (const id of [planner, disabledBuyer, buyerOfDisabledRole]) expect(buyers).not.toContain(id);
    const owners = await options(['planningTaskList']);
    expect(owners).toEqual(expect.arrayContaining([adminId, planner]));
    expect(owners).not.toContain(buyer);
    // Without the filter every user is still listed (the list filters find old records).
    expect(await options([])).toEqual(expect.arrayContaining([planner, buyer, disabledBuyer]));
  });
});
