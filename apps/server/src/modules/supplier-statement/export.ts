import { fenToYuan, STATEMENT_EXPORT_COLUMNS, STATEMENT_STATUS_LABELS, type statementExportRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, shanghaiTime } from '../../lib/files/excel';
import { statementsForExport } from './queries';

const WIDE = new Set(['对账单号', '供应商', '创建时间']);

/** Streams the statements matching the list's filter (within the user's data scope) as .xlsx. */
export function exportStatements(ctx: AuthedContext, filter: z.output<typeof statementExportRequest>) {
  const writer = createXlsxStream(
    exportFileName('供应商对账', ctx.now()),
    '供应商对账',
    STATEMENT_EXPORT_COLUMNS.map((header) => ({ header, width: WIDE.has(header) ? 22 : 14 })),
  );
  const produce = async () => {
    for await (const rows of statementsForExport(ctx.db, { user: ctx.user }, filter)) {
      for (const s of rows) {
        writer.addRow([
          s.code,
          s.supplierName,
          s.periodFrom,
          s.periodTo,
          STATEMENT_STATUS_LABELS[s.status],
          s.revision,
          fenToYuan(s.goodsFen),
          fenToYuan(s.freightFen),
          fenToYuan(s.returnsFen),
          fenToYuan(s.totalFen),
          s.createdByName,
          shanghaiTime(s.createdAt),
        ]);
      }
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
