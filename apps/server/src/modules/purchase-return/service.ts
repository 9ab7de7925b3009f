import {
  fenToYuan,
  PURCHASE_RETURN_STATUS_LABELS,
  PURCHASE_RETURN_TRANSITIONS,
  RETURN_REASON_LABELS,
  shanghaiDay,
  type purchaseReturnCreateRequest,
  type purchaseReturnUpdateRequest,
} from '@scm/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { purchaseOrderLines, type purchaseOrders, purchaseReturnLines, purchaseReturns, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { nextCode } from '../../lib/records/codes';
import { conflict, fieldError } from '../../lib/http/errors';
import { updateVersioned } from '../../lib/records/versioned-update';
import { notify } from '../message/notify';
import { type OrderAccess, lockOrderRow } from '../purchase-order/access';
import { heldByReturns, postMovements } from '../purchase-order/ledger';
import type { OrderWriteContext } from '../purchase-order/service';
import { lockReturn } from './access';
import { assertReturnAction } from './status';

const MODULE = 'purchase_return';

type Order = typeof purchaseOrders.$inferSelect;
type Ret = typeof purchaseReturns.$inferSelect;
type LineInput = z.output<typeof purchaseReturnCreateRequest>['lines'];

/**
 * The return's lines priced from the order's, after the rule of §"Returns" (docs/rules/orders.md):
 * Σ of a line's returns that are neither cancelled nor shipped stays within its net received, so
 * every return can still leave. Checked under the order's row lock.
 */
async function pricedLines(tx: Db, order: Order, lines: LineInput, exceptReturnId?: number) {
  const orderLines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  const held = await heldByReturns(tx, order.id, exceptReturnId);
  const seen = new Set<number>();
  return lines.map((row, i) => {
    const line = byId.get(row.orderLineId);
    if (!line) throw fieldError(`lines.${i}.order_line_id`, `第${i + 1}行不是该订单的明细`);
    if (seen.has(row.orderLineId)) throw fieldError(`lines.${i}.order_line_id`, `第${i + 1}行重复`);
    seen.add(row.orderLineId);
    if (row.quantity > line.receivedQuantity - (held.get(line.id) ?? 0)) throw conflict('退货数量超过可退数量');
    return {
      orderLineId: line.id,
      quantity: row.quantity,
      unitPriceFen: line.unitPriceFen,
      amountFen: row.quantity * line.unitPriceFen,
      reason: row.reason || null,
    };
  });
}

type Priced = Awaited<ReturnType<typeof pricedLines>>;
const totals = (lines: Priced) => ({
  quantity: lines.reduce((s, l) => s + l.quantity, 0),
  amountFen: lines.reduce((s, l) => s + l.amountFen, 0),
});

async function supplierOf(tx: Db, id: number) {
  const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id));
  return supplier;
}

/** 新建退货 (`purchaseReturn:create`): 待供应商确认, the supplier's portal accounts told. */
export async function createReturn(ctx: OrderWriteContext, input: z.output<typeof purchaseReturnCreateRequest>, access: OrderAccess) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, access, input.orderId);
    const lines = await pricedLines(tx, order, input.lines);
    const code = await nextCode(tx, 'TH', ctx.now());
    const [created] = await tx
      .insert(purchaseReturns)
      .values({
        code,
        orderId: order.id,
        supplierId: order.supplierId,
        reasonType: input.reasonType,
        replacement: input.replacement,
        remark: input.remark || null,
        createdBy: ctx.actor.userId,
        ...totals(lines),
      })
      .returning({ id: purchaseReturns.id });
    await tx.insert(purchaseReturnLines).values(lines.map((l) => ({ returnId: created.id, ...l })));
    const { quantity, amountFen } = totals(lines);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'create',
      recordId: created.id,
      summary: `${code} ${order.code} 退货 ${quantity}，¥${fenToYuan(amountFen, true)}，${RETURN_REASON_LABELS[input.reasonType]}，${input.replacement ? '补发' : '不补发'}`,
      after: { code, orderId: order.id, reasonType: input.reasonType, replacement: input.replacement, remark: input.remark || null, lines },
    });
    await notify(tx, ctx.actor, { kind: 'return_created', ret: { id: created.id, code, supplierId: order.supplierId }, order, edited: false });
    return { id: created.id, code };
  });
}

/** 编辑 a return still waiting for the supplier, or a disputed one, which goes back to 待供应商确认. An omitted remark is kept. */
export async function updateReturn(ctx: OrderWriteContext, input: z.output<typeof purchaseReturnUpdateRequest>, access: OrderAccess) {
  return ctx.db.transaction(async (tx) => {
    const { ret, order } = await lockReturn(tx, access, input.id, input.version);
    assertReturnAction(ret, 'update', access);
    const lines = await pricedLines(tx, order, input.lines, ret.id);
    const status = PURCHASE_RETURN_TRANSITIONS.update.to;
    await tx.delete(purchaseReturnLines).where(eq(purchaseReturnLines.returnId, ret.id));
    await tx.insert(purchaseReturnLines).values(lines.map((l) => ({ returnId: ret.id, ...l })));
    await updateVersioned(tx, purchaseReturns, ret.id, input.version, {
      status,
      ...(input.remark !== undefined ? { remark: input.remark || null } : {}),
      ...totals(lines),
    });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'update',
      recordId: ret.id,
      summary: `${ret.code} ${ret.status === 'disputed' ? '按异议修改后重新提交' : '编辑'}：退货 ${totals(lines).quantity}`,
      before: { status: ret.status, quantity: ret.quantity, amountFen: ret.amountFen },
      after: { status, ...totals(lines), lines },
    });
    await notify(tx, ctx.actor, { kind: 'return_created', ret, order, edited: true });
    return { id: ret.id };
  });
}

/** A status change with nothing else to check: the machine, the row, the audit. */
async function moveReturn(
  tx: Db,
  ctx: OrderWriteContext,
  ret: Ret,
  action: 'confirm' | 'dispute' | 'cancel',
  values: Record<string, unknown>,
  note: string,
) {
  const to = PURCHASE_RETURN_TRANSITIONS[action].to;
  await updateVersioned(tx, purchaseReturns, ret.id, ret.version, { status: to, ...values });
  await writeAudit(tx, ctx.actor, {
    module: MODULE,
    action,
    recordId: ret.id,
    summary: `${ret.code} ${PURCHASE_RETURN_STATUS_LABELS[to]}${note}`,
    before: { status: ret.status },
    after: { status: to, ...values },
  });
}

/** 确认: the supplier in the portal, or the buyer on its behalf (`purchaseReturn:confirm`); the supplier's own answer tells the buyer. */
export async function confirmReturn(ctx: OrderWriteContext, input: { id: number; version: number }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const { ret, order } = await lockReturn(tx, access, input.id, input.version);
    assertReturnAction(ret, 'confirm', access);
    await moveReturn(tx, ctx, ret, 'confirm', {}, 'supplierId' in access ? '（供应商确认）' : '（采购员代供应商确认）');
    if ('supplierId' in access) {
      await notify(tx, ctx.actor, { kind: 'return_answered', ret, order, supplier: await supplierOf(tx, order.supplierId), disputeReason: null });
    }
  });
  return { id: input.id };
}

/** 有异议: the supplier only, with a reason; the buyer may edit the return and send it again. */
export async function disputeReturn(ctx: OrderWriteContext, input: { id: number; version: number; reason: string }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const { ret, order } = await lockReturn(tx, access, input.id, input.version);
    assertReturnAction(ret, 'dispute', access);
    await moveReturn(tx, ctx, ret, 'dispute', { disputeReason: input.reason }, `：${input.reason}`);
    await notify(tx, ctx.actor, {
      kind: 'return_answered',
      ret,
      order,
      supplier: await supplierOf(tx, order.supplierId),
      disputeReason: input.reason,
    });
  });
  return { id: input.id };
}

/** 取消, from 待供应商确认 or 有异议, with a reason: the quantity it held is free again. */
export async function cancelReturn(ctx: OrderWriteContext, input: { id: number; version: number; reason: string }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const { ret } = await lockReturn(tx, access, input.id, input.version);
    assertReturnAction(ret, 'cancel', access);
    await moveReturn(tx, ctx, ret, 'cancel', { cancelReason: input.reason }, `：${input.reason}`);
  });
  return { id: input.id };
}

/**
 * 退货出库 (`purchaseReturn:ship`): the goods left on `shippedOn`. Here the net received drops
 * (docs/rules/orders.md, "The net ledger"): 补发 re-opens the quantity on the order, 不补发 settles
 * the line that much short.
 */
export async function shipReturn(ctx: OrderWriteContext, input: { id: number; version: number; shippedOn: string }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const { ret, order } = await lockReturn(tx, access, input.id, input.version);
    assertReturnAction(ret, 'ship', access);
    if (input.shippedOn > shanghaiDay(ctx.now())) throw fieldError('shipped_on', '退货日期不能晚于今天');
    const lines = await tx.select().from(purchaseReturnLines).where(eq(purchaseReturnLines.returnId, ret.id));
    const to = PURCHASE_RETURN_TRANSITIONS.ship.to;
    await updateVersioned(tx, purchaseReturns, ret.id, input.version, { status: to, shippedOn: input.shippedOn });
    const status = await postMovements(
      tx,
      ctx.actor,
      order,
      lines.map((l) => ({ orderLineId: l.orderLineId, returned: l.quantity, settledShort: ret.replacement ? 0 : l.quantity })),
    );
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'ship',
      recordId: ret.id,
      summary: `${ret.code} 退货出库 ${ret.quantity}（${input.shippedOn}）`,
      before: { status: ret.status },
      after: { status: to, shippedOn: input.shippedOn },
    });
    await writeAudit(tx, ctx.actor, {
      module: 'purchase_order',
      action: 'return_shipped',
      recordId: order.id,
      summary: `${order.code} 退货 ${ret.code} 出库 ${ret.quantity}，${ret.replacement ? '待补发' : '不补发'}`,
      before: { status: order.status },
      after: { status, returnedQuantity: ret.quantity },
    });
  });
  return { id: input.id };
}
