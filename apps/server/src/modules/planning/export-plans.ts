import { PLAN_STATUS_LABELS, type planExportRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, moneyCell, shanghaiTime } from '../../lib/files/excel';
import { dictionaryOf, plansForExport } from './queries';

const COLUMNS = [
  { header: '计划编号', width: 18 },
  { header: '计划名称', width: 32 },
  { header: '计划类型', width: 12 },
  { header: '仓库', width: 16 },
  { header: '开始日期', width: 12 },
  { header: '结束日期', width: 12 },
  { header: '需求日期', width: 12 },
  { header: '明细数', width: 8, count: true },
  { header: '计划数量', width: 12, count: true },
  { header: '已定标数量', width: 12, count: true },
  { header: '进度(%)', width: 8 },
  { header: '预算总额(元)', width: 16, money: true },
  { header: '状态', width: 10 },
  { header: '负责人', width: 12 },
  { header: '更新时间', width: 20 },
];

/**
 * Streams the plans matching the list filter as .xlsx, a batch per query, with dictionary values
 * shown by their labels.
 */
export function exportPlans(ctx: AuthedContext, filter: z.output<typeof planExportRequest>) {
  const writer = createXlsxStream(exportFileName('计划任务', ctx.now()), '计划任务', COLUMNS);
  const produce = async () => {
    const [planTypes, warehouses] = await Promise.all([dictionaryOf(ctx.db, 'plan_type'), dictionaryOf(ctx.db, 'warehouse')]);
    for await (const plans of plansForExport(ctx.db, ctx.user, filter)) {
      for (const p of plans) {
        writer.addRow([
          p.code,
          p.name,
          planTypes.get(p.planType)?.label ?? p.planType,
          warehouses.get(p.warehouse)?.label ?? p.warehouse,
          p.periodStart,
          p.periodEnd,
          p.requiredBy,
          p.lineCount,
          p.plannedQuantity,
          p.awardedQuantity,
          p.progress,
          moneyCell(p.budgetTotalFen),
          PLAN_STATUS_LABELS[p.status],
          p.owner?.username ?? '',
          shanghaiTime(p.updatedAt),
        ]);
      }
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
