import { SUPPLIER_STATUS_LABELS, type supplierExportRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, forEachBatch } from '../../lib/files/excel';
import { exportSupplierBatch } from './queries';

const BATCH = 500;

/** Streams the suppliers matching the list filter, with their statistics, as .xlsx. */
export function exportSuppliers(ctx: AuthedContext, filter: z.output<typeof supplierExportRequest>) {
  const writer = createXlsxStream(exportFileName('供应商', ctx.now()), '供应商', [
    { header: '供应商编码', width: 18 },
    { header: '供应商名称', width: 28 },
    { header: '简称' },
    { header: '联系人' },
    { header: '联系电话', width: 16 },
    { header: '邮箱', width: 22 },
    { header: '所在地区', width: 24 },
    { header: '详细地址', width: 30 },
    { header: '供应品类', width: 24 },
    { header: '统一社会信用代码', width: 22 },
    { header: '开户银行', width: 20 },
    { header: '银行账号', width: 22 },
    { header: '结算方式' },
    { header: '等级' },
    { header: '配送价格模板', width: 18 },
    { header: '状态' },
    { header: '受邀任务数' },
    { header: '报价次数' },
    { header: '中标次数' },
    { header: '中标率' },
    { header: '备注', width: 24 },
  ]);
  const produce = async () => {
    await forEachBatch(
      (afterId, size) => exportSupplierBatch(ctx.db, ctx.user, filter, afterId, size),
      BATCH,
      async (rows) => {
        for (const s of rows) {
          writer.addRow([
            s.code,
            s.name,
            s.shortName,
            s.contactPerson,
            s.phone,
            s.email,
            s.regionName,
            s.address,
            s.categoryNames.join('、'),
            s.creditCode,
            s.bankName,
            s.bankAccount,
            s.settlementType,
            s.grade,
            s.priceTemplateName,
            SUPPLIER_STATUS_LABELS[s.status],
            s.tasksInvited,
            s.quotesSubmitted,
            s.awardsWon,
            s.winRateBp == null ? null : `${(s.winRateBp / 100).toFixed(2)}%`,
            s.remark,
          ]);
        }
        await writer.drained();
      },
    );
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
