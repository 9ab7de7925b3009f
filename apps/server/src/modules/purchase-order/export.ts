import {
  INVOICE_TYPE_LABELS,
  PURCHASE_ORDER_EXPORT_COLUMNS,
  PURCHASE_ORDER_LINE_EXPORT_COLUMNS,
  PURCHASE_ORDER_STATUS_LABELS,
  type purchaseOrderExportRequest,
} from '@scm/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { commodities, purchaseOrderLines, purchaseOrders } from '../../db/schema';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, dateCell, dateTimeCell, type ExcelColumn, exportFileName, moneyCell } from '../../lib/files/excel';
import { dictionaryOf } from '../planning/queries';
import { ordersForExport } from './queries';

const WIDE = new Set(['订单编号', '采购任务', '供应商', '创建时间', '商品名称', '收货仓库', '关闭原因']);
const MONEY = /\(元\)$/;
const COUNT = /数量$/;
const DATES = new Set(['需求日期', '承诺到货日期']);

const columnsOf = (headers: readonly string[]): ExcelColumn[] =>
  headers.map((header) => ({
    header,
    width: WIDE.has(header) ? 24 : 14,
    money: MONEY.test(header),
    count: COUNT.test(header),
    date: DATES.has(header),
    dateTime: header === '创建时间',
  }));

/** The lines of a batch of orders, in each order's line order, with what the lines sheet shows of their order. */
function linesOf(db: Db, orderIds: number[]) {
  return db
    .select({
      orderId: purchaseOrderLines.orderId,
      line: purchaseOrderLines,
      skuCode: commodities.skuCode,
      name: commodities.name,
      spec: commodities.spec,
      unit: commodities.unit,
      invoiceType: purchaseOrders.invoiceType,
      taxRatePercent: purchaseOrders.taxRatePercent,
      closeReason: purchaseOrders.closeReason,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .innerJoin(commodities, eq(commodities.id, purchaseOrderLines.commodityId))
    .where(inArray(purchaseOrderLines.orderId, orderIds))
    .orderBy(asc(purchaseOrderLines.sort), asc(purchaseOrderLines.id));
}

/**
 * Streams the orders matching the list's filter (within the user's data scope) as .xlsx: a sheet of
 * orders and a sheet of their lines, amounts and quantities as numbers and dates as dates, so the
 * file sums, sorts and filters as a working file (docs/rules/orders.md, "Export").
 */
export function exportOrders(ctx: AuthedContext, filter: z.output<typeof purchaseOrderExportRequest>) {
  const writer = createXlsxStream(exportFileName('采购订单', ctx.now()), '采购订单', columnsOf(PURCHASE_ORDER_EXPORT_COLUMNS));
  const produce = async () => {
    for await (const rows of ordersForExport(ctx.db, { user: ctx.user }, filter)) {
      const extra = new Map(
        (
          await ctx.db
            .select({ id: purchaseOrders.id, promisedDate: purchaseOrders.promisedDate, address: purchaseOrders.deliveryAddress })
            .from(purchaseOrders)
            .where(
              inArray(
                purchaseOrders.id,
                rows.map((o) => o.id),
              ),
            )
        ).map((r) => [r.id, r]),
      );
      for (const o of rows) {
        writer.addRow([
          o.code,
          o.taskCode,
          o.supplierName,
          PURCHASE_ORDER_STATUS_LABELS[o.status],
          moneyCell(o.goodsFen),
          moneyCell(o.freightFen),
          moneyCell(o.totalFen),
          o.orderedQuantity,
          o.receivedQuantity,
          dateCell(o.requiredBy),
          dateCell(extra.get(o.id)?.promisedDate),
          extra.get(o.id)?.address?.warehouseName ?? null,
          o.buyerName,
          dateTimeCell(o.createdAt),
        ]);
      }
      await writer.drained();
    }
    writer.nextSheet('订单明细', columnsOf(PURCHASE_ORDER_LINE_EXPORT_COLUMNS));
    const units = await dictionaryOf(ctx.db, 'unit');
    for await (const rows of ordersForExport(ctx.db, { user: ctx.user }, filter)) {
      const byOrder = new Map(rows.map((o) => [o.id, o]));
      const lines = await linesOf(
        ctx.db,
        rows.map((o) => o.id),
      );
      for (const order of rows) {
        for (const l of lines.filter((x) => x.orderId === order.id)) {
          const o = byOrder.get(l.orderId);
          if (!o) continue;
          writer.addRow([
            o.code,
            o.supplierName,
            PURCHASE_ORDER_STATUS_LABELS[o.status],
            l.skuCode,
            l.name,
            l.spec,
            units.get(l.unit)?.label ?? l.unit,
            l.line.quantity,
            moneyCell(l.line.unitPriceFen),
            moneyCell(l.line.amountFen),
            l.line.receivedQuantity,
            Math.max(0, l.line.quantity - l.line.receivedQuantity),
            INVOICE_TYPE_LABELS[l.invoiceType],
            l.taxRatePercent,
            l.closeReason,
          ]);
        }
      }
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
