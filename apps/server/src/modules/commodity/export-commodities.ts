import { COMMODITY_EXCEL_COLUMNS, type commodityExportRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, forEachBatch, shanghaiTime } from '../../lib/files/excel';
import { exportBatch } from './queries';
import { loadCommodityReferences } from './references';
import { excelRow } from './service';

const BATCH = 1000;

/**
 * Streams the commodities matching the list filter as .xlsx, 1,000 rows per query, so 100,000
 * rows never sit in memory at once. Columns match the import template (plus two read-only ones),
 * so an exported file can be edited and imported into another system as is.
 */
export function exportCommodities(ctx: AuthedContext, filter: z.output<typeof commodityExportRequest>) {
  const columns = [
    ...COMMODITY_EXCEL_COLUMNS.map((c) => ({ header: c.header, width: c.width })),
    { header: '分类名称', width: 14 },
    { header: '更新时间', width: 20 },
  ];
  const writer = createXlsxStream(exportFileName('商品列表', ctx.now()), '商品', columns);
  const produce = async () => {
    // Units go out as labels (件), which the import reads back.
    const references = await loadCommodityReferences(ctx.db);
    await forEachBatch(
      (afterId, size) => exportBatch(ctx.db, filter, afterId, size),
      BATCH,
      async (rows) => {
        for (const row of rows) {
          writer.addRow([...excelRow({ ...row, unit: references.unitLabel(row.unit) }), row.categoryName, shanghaiTime(row.updatedAt)]);
        }
        await writer.drained();
      },
    );
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
