import { STATUS_LABELS, WAREHOUSE_EXPORT_COLUMNS, type warehouseExportRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName } from '../../lib/files/excel';
import { warehousesForExport } from './queries';

const WIDE = new Set(['仓库名称', '所在地区', '详细地址', '收货时间', '备注']);

/** Streams the warehouses matching the list's filter as .xlsx. */
export function exportWarehouses(ctx: AuthedContext, filter: z.output<typeof warehouseExportRequest>) {
  const writer = createXlsxStream(
    exportFileName('收货仓库', ctx.now()),
    '收货仓库',
    WAREHOUSE_EXPORT_COLUMNS.map((header) => ({ header, width: WIDE.has(header) ? 28 : 14 })),
  );
  const produce = async () => {
    for (const w of await warehousesForExport(ctx.db, filter)) {
      writer.addRow([w.code, w.name, w.regionName, w.address, w.consignee, w.phone, w.receivingHours, STATUS_LABELS[w.status], w.remark]);
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
