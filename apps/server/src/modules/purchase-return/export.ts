import {
  fenToYuan,
  PURCHASE_RETURN_EXPORT_COLUMNS,
  PURCHASE_RETURN_STATUS_LABELS,
  type purchaseReturnExportRequest,
  RETURN_REASON_LABELS,
} from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, shanghaiTime } from '../../lib/files/excel';
import { returnsForExport } from './queries';

const WIDE = new Set(['退货单号', '采购订单', '供应商', '创建时间']);

/** Streams the returns matching the list's filter (within the user's data scope) as .xlsx. */
export function exportReturns(ctx: AuthedContext, filter: z.output<typeof purchaseReturnExportRequest>) {
  const writer = createXlsxStream(
    exportFileName('采购退货', ctx.now()),
    '采购退货',
    PURCHASE_RETURN_EXPORT_COLUMNS.map((header) => ({ header, width: WIDE.has(header) ? 22 : 12 })),
  );
  const produce = async () => {
    for await (const rows of returnsForExport(ctx.db, { user: ctx.user }, filter)) {
      for (const r of rows) {
        writer.addRow([
          r.code,
          r.orderCode,
          r.supplierName,
          RETURN_REASON_LABELS[r.reasonType],
          r.replacement ? '补发' : '不补发',
          PURCHASE_RETURN_STATUS_LABELS[r.status],
          r.quantity,
          fenToYuan(r.amountFen),
          shanghaiTime(r.createdAt),
        ]);
      }
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
