import {
  INVITATION_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  PROCUREMENT_STATUS_LABELS,
  QUOTE_STATUS_LABELS,
  TAXPAYER_TYPE_LABELS,
  type taskExportRequest,
} from '@scm/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import {
  COUNT_FORMAT,
  createXlsxStream,
  escapeCell,
  exportFileName,
  MONEY_FORMAT,
  moneyCell,
  shanghaiTime,
  workbookReply,
} from '../../lib/files/excel';
import { loadMaintainState } from './maintain-view';
import { exportTaskBatch } from './queries';
import { loadTaskForUser } from './scope';
import { openPassedDeadlines } from './status';

const BATCH = 500;
/** A deadline is set to the minute. */
const shanghaiMinute = (at: Date | string) => shanghaiTime(at).slice(0, 16);
const yuan = moneyCell;

export function exportTasks(ctx: AuthedContext, filter: z.output<typeof taskExportRequest>) {
  const now = ctx.now();
  const writer = createXlsxStream(exportFileName('采购任务', now), '采购任务', [
    { header: '任务编号', width: 18 },
    { header: '任务名称', width: 28 },
    { header: '状态' },
    { header: '采购员' },
    { header: '报价截止', width: 18 },
    { header: '交货地区', width: 24 },
    { header: '需求日期', width: 12 },
    { header: '商品行数', count: true },
    { header: '邀请供应商', count: true },
    { header: '已报价', count: true },
    { header: '定标货值(元)', width: 16, money: true },
    { header: '运费(元)', width: 12, money: true },
    { header: '到货成本(元)', width: 16, money: true },
    { header: '备注', width: 24 },
  ]);
  const produce = async () => {
    let afterId = 0;
    for (;;) {
      const rows = await exportTaskBatch(ctx.db, ctx.user, filter, now, afterId, BATCH);
      for (const t of rows) {
        writer.addRow([
          t.code,
          t.name,
          PROCUREMENT_STATUS_LABELS[t.status],
          t.buyerName,
          shanghaiMinute(t.quoteDeadline),
          t.deliveryRegionName,
          t.requiredBy,
          t.lineCount,
          t.invitedCount,
          t.quotedCount,
          yuan(t.awardedGoodsFen),
          yuan(t.awardedFreightFen),
          yuan(t.awardedAmountFen),
          t.remark,
        ]);
      }
      if (rows.length < BATCH) break;
      afterId = rows[rows.length - 1].id;
      await writer.drained();
    }
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}

const HIGHLIGHT: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9F7BE' } };
const BELOW_MOQ: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE7BA' } };

/** Number formats by column (1-based) for every row below the sheet's header. */
function formatColumns(sheet: ExcelJS.Worksheet, money: number[], counts: number[]) {
  for (const col of money) sheet.getColumn(col).numFmt = MONEY_FORMAT;
  for (const col of counts) sheet.getColumn(col).numFmt = COUNT_FORMAT;
}

/**
 * The comparison matrix (lines × suppliers, best cells shaded) and the award result, one sheet each.
 * Every amount is given tax-inclusive (含税) and as 实际成本 after deductible input VAT.
 */
export async function exportComparison(ctx: AuthedContext, id: number) {
  await loadTaskForUser(ctx.db, ctx.user, id);
  await openPassedDeadlines(ctx.db, [id], ctx.now());
  const { found, comparison, view } = await loadMaintainState(ctx.db, id, ctx.now());
  const { suppliers, award } = view;
  const quoted = suppliers.filter((s) => comparison.suppliers.some((c) => c.supplierId === s.supplierId));
  const workbook = new ExcelJS.Workbook();

  // The header is frozen with the commodity columns; every supplier column names its supplier, so a
  // column moved or filtered on its own still says whose it is. Amounts are numbers (SUM works).
  const sheet = workbook.addWorksheet('比价', { views: [{ state: 'frozen', xSplit: 2, ySplit: 3 }] });
  sheet.addRow([escapeCell(`${found.task.code} ${found.task.name}`)]).font = { bold: true };
  sheet.addRow([`纳税人类型：${TAXPAYER_TYPE_LABELS[comparison.taxpayer]}（最低、推荐与节省按实际成本，含税金额列在旁）`]);
  const head = ['商品编码', '商品名称', '数量', '目标单价(元)'];
  const moneyColumns = [4];
  const countColumns = [3];
  for (const s of quoted) {
    const invoice = s.quote && !s.quote.sealed ? `（${INVOICE_TYPE_LABELS[s.quote.invoiceType]} ${s.quote.taxRatePercent}%）` : '';
    // Every supplier column names its supplier (the cells are escaped with the rest of the workbook).
    const name = `${s.name}${invoice}`;
    moneyColumns.push(head.length + 1, head.length + 2, head.length + 3);
    countColumns.push(head.length + 4, head.length + 5);
    head.push(`${name} 单价(含税)`, `${name} 金额(含税)`, `${name} 实际成本`, `${name} 起订量`, `${name} 交期(天)`);
  }
  moneyColumns.push(...[1, 2, 3, 4, 5, 6].map((n) => head.length + n));
  head.push('最低单价(元)', '最低实际成本(元)', '平均金额(含税)(元)', '较均价节省·实际成本(元)', '较均价节省·含税(元)', '较目标节省·含税(元)');
  sheet.addRow(head).font = { bold: true };
  comparison.rows.forEach((row, i) => {
    const line = found.lines[i];
    const values: (string | number | null)[] = [line.skuCode, line.commodityName, line.quantity, yuan(line.targetPriceFen)];
    const highlight: number[] = [];
    const belowMoq: number[] = [];
    for (const s of quoted) {
      const cell = row.cells.find((c) => c.supplierId === s.supplierId);
      if (cell?.lowestPrice) highlight.push(values.length + 3);
      if (cell?.earliestLead) highlight.push(values.length + 5);
      if (cell?.belowMoq) belowMoq.push(values.length + 4);
      values.push(
        cell?.missing ? '未报价' : yuan(cell?.unitPriceFen),
        yuan(cell?.amountFen),
        yuan(cell?.realAmountFen),
        cell?.moq ?? null,
        cell?.leadTimeDays ?? null,
      );
    }
    values.push(
      yuan(row.lowestUnitPriceFen),
      yuan(row.realLowestAmountFen),
      yuan(row.averageAmountFen),
      yuan(row.realSavingVsAverageFen),
      yuan(row.savingVsAverageFen),
      yuan(row.savingVsTargetFen),
    );
    const added = sheet.addRow(values.map((v) => escapeCell(v)));
    for (const col of highlight) added.getCell(col).fill = HIGHLIGHT;
    // A MOQ the order does not meet stays a number, marked by its note and colour.
    for (const col of belowMoq) {
      added.getCell(col).fill = BELOW_MOQ;
      added.getCell(col).note = '不满足起订量';
    }
  });
  for (const [label, pick] of [
    ['货值合计(元)', (c: (typeof comparison.suppliers)[number]) => c.goodsTotalFen],
    ['运费(元)', (c: (typeof comparison.suppliers)[number]) => c.freightFen],
    ['到货成本(含税)(元)', (c: (typeof comparison.suppliers)[number]) => c.landedTotalFen],
    ['实际货值(元)', (c: (typeof comparison.suppliers)[number]) => c.realGoodsTotalFen],
    ['实际运费(元)', (c: (typeof comparison.suppliers)[number]) => c.realFreightFen],
    ['实际到货成本(元)', (c: (typeof comparison.suppliers)[number]) => c.realLandedTotalFen],
  ] as const) {
    const values: (string | number | null)[] = ['', label, null, null];
    const shaded: number[] = [];
    for (const s of quoted) {
      const total = comparison.suppliers.find((c) => c.supplierId === s.supplierId);
      if (label.startsWith('实际到货') && total?.lowestLanded) shaded.push(values.length + 1);
      values.push(total ? yuan(pick(total)) : null, total && total.missingLines > 0 ? `缺${total.missingLines}行` : null, null, null, null);
    }
    const added = sheet.addRow(values);
    added.font = { bold: true };
    for (const col of shaded) added.getCell(col).fill = HIGHLIGHT;
  }
  sheet.columns.forEach((c) => {
    c.width = 16;
  });
  sheet.getColumn(2).width = 24;
  formatColumns(sheet, moneyColumns, countColumns);

  const result = workbook.addWorksheet('定标结果', { views: [{ state: 'frozen', ySplit: 1 }] });
  result.addRow([
    '商品编码',
    '商品名称',
    '需求数量',
    '采购数量',
    '中标供应商',
    '单价(元)',
    '定标货值(元)',
    '分摊运费(元)',
    '可抵扣进项税(元)',
    '定标理由',
  ]).font = {
    bold: true,
  };
  for (const line of award?.lines ?? []) {
    const source = found.lines.find((l) => l.id === line.taskLineId);
    const supplier = suppliers.find((s) => s.supplierId === line.supplierId);
    result.addRow(
      [
        source?.skuCode,
        source?.commodityName,
        line.quantity,
        line.boughtQuantity,
        supplier?.name,
        yuan(line.unitPriceFen),
        yuan(line.amountFen),
        yuan(line.freightShareFen),
        yuan(line.deductibleVatFen),
        line.reason,
      ].map((v) => escapeCell(v ?? null)),
    );
  }
  if (award) {
    for (const [label, fen] of [
      ['定标货值(元)', award.goodsFen],
      ['运费(元)', award.freightFen],
      ['到货成本(含税)(元)', award.totalFen],
      ['可抵扣进项税(元)', award.deductibleVatFen],
      ['实际到货成本(元)', award.realTotalFen],
    ] as const) {
      result.addRow(['', label, null, null, null, null, yuan(fen)]).font = { bold: true };
    }
  }
  if (found.task.awardedAt) {
    result.addRow(['', '定标人', found.task.awardedBy ?? null]).font = { bold: true };
    result.addRow(['', '定标时间', shanghaiTime(found.task.awardedAt)]).font = { bold: true };
  }
  result.addRow([]);
  result.addRow(['供应商', '报价状态', '报价单状态', '发票类型', '税率(%)', '运费方式', '运费(元)', '运费计算']).font = { bold: true };
  for (const { quote: shown, ...s } of suppliers) {
    // A sealed quote shows that it was submitted, nothing of what it says.
    const quote = shown && !shown.sealed ? shown : null;
    result.addRow(
      [
        s.name,
        INVITATION_STATUS_LABELS[s.invitationStatus],
        quote ? QUOTE_STATUS_LABELS[quote.status] : shown ? `已提交第${shown.revision}版（密封）` : null,
        quote ? INVOICE_TYPE_LABELS[quote.invoiceType] : null,
        quote?.taxRatePercent ?? null,
        quote ? (quote.freightMode === 'estimated' ? '模板估算' : '手工填写') : null,
        yuan(quote?.freightFen),
        quote?.freightFormula ?? null,
      ].map((v) => escapeCell(v)),
    );
  }
  result.columns.forEach((c) => {
    c.width = 18;
  });
  formatColumns(result, [6, 7, 8, 9], [3, 4]);
  return workbookReply(`比价定标_${found.task.code}.xlsx`, workbook);
}
