import { fenToYuan, PURCHASE_ORDER_EXPORT_COLUMNS, PURCHASE_ORDER_STATUS_LABELS, type purchaseOrderExportRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/context';
import { createXlsxStream, exportFileName, shanghaiTime } from '../../lib/excel';
import { ordersForExport } from './queries';

const WIDE = new Set(['订单编号', '采购任务', '供应商', '创建时间']);

/** Streams the orders matching the list's filter (within the user's data scope) as .xlsx. */
export function exportOrders(ctx: AuthedContext, filter: z.output<typeof purchaseOrderExportRequest>) {
  const writer = createXlsxStream(
    exportFileName('采购订单', ctx.now()),
    '采购订单',
    PURCHASE_ORDER_EXPORT_COLUMNS.map((header) => ({ header, width: WIDE.has(header) ? 22 : 14 })),
  );
  const produce = async () => {
    for await (const rows of ordersForExport(ctx.db, { user: ctx.user }, filter)) {
      for (const o of rows) {
        writer.addRow([
          o.code,
          o.taskCode,
          o.supplierName,
          PURCHASE_ORDER_STATUS_LABELS[o.status],
          fenToYuan(o.goodsFen),
          fenToYuan(o.freightFen),
          fenToYuan(o.totalFen),
          o.orderedQuantity,
          o.receivedQuantity,
          o.requiredBy,
          o.buyerName,
          shanghaiTime(o.createdAt),
        ]);
      }
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
