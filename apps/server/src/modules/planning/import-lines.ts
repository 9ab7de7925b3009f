import {
  fenToYuan,
  IMPORT_MAX_BYTES,
  type ImportResult,
  PLAN_LINE_EXCEL_COLUMNS,
  PLAN_MAX_LINES,
  planLineInput,
  type planImportRequest,
  yuanToFen,
} from '@scm/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { commodities, planningTaskLines } from '../../db/schema';
import type { AuthedContext } from '../../lib/http/context';
import { xlsxFile } from '../../lib/files/excel';
import { decodeUpload, excelDate, importAnswer, importErrorReport, RowErrors, readXlsxRows, type SheetRow } from '../../lib/files/xlsx-import';
import { badRequest } from '../../lib/http/errors';
import { appendPlanLines } from './service';
import { planForAction } from './status';

type Key = (typeof PLAN_LINE_EXCEL_COLUMNS)[number]['key'];
const header = Object.fromEntries(PLAN_LINE_EXCEL_COLUMNS.map((c) => [c.key, c.header])) as Record<Key, string>;
const fieldColumn: Record<string, string> = {
  commodityId: header.skuCode,
  quantity: header.quantity,
  budgetUnitPriceFen: header.budgetUnitPrice,
  requiredBy: header.requiredBy,
  remark: header.remark,
};

export function lineImportTemplate() {
  const columns = PLAN_LINE_EXCEL_COLUMNS.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    width: c.width,
    date: 'date' in c && c.date,
  }));
  const example = ['SKU编码（商品列表中的编码）', 100, fenToYuan(1990), new Date(Date.UTC(2026, 11, 20)), '示例行，导入前请删除'];
  return xlsxFile('计划明细导入模板.xlsx', '计划明细', columns, [example]);
}

interface CommodityInfo {
  id: number;
  enabled: boolean;
  referencePriceFen: number;
}

type ParsedLine = z.output<typeof planLineInput> & { budgetUnitPriceFen: number };

function parseRow(sheetRow: SheetRow, commodity: CommodityInfo | undefined, errors: RowErrors): ParsedLine | null {
  const row = sheetRow.rowNumber;
  const cell = (key: Key) => sheetRow.cells[header[key]] ?? '';
  const before = errors.list.length;
  errors.addCut(sheetRow);

  const sku = cell('skuCode');
  if (!sku) errors.add(row, header.skuCode, '请填写SKU编码');
  else if (!commodity) errors.add(row, header.skuCode, `SKU编码“${sku}”不存在`);
  else if (!commodity.enabled) errors.add(row, header.skuCode, '该商品已停用');

  const quantityText = cell('quantity');
  if (!/^\d{1,9}$/.test(quantityText)) {
    errors.add(row, header.quantity, quantityText ? '计划数量须为正整数' : '请填写计划数量');
  }

  const priceText = cell('budgetUnitPrice');
  const priceFen = priceText === '' ? commodity?.referencePriceFen : /^\d{1,9}(\.\d{1,2})?$/.test(priceText) ? yuanToFen(priceText) : null;
  if (priceFen == null && priceText !== '') errors.add(row, header.budgetUnitPrice, '预算单价须为不超过两位小数的非负金额');

  const dateText = cell('requiredBy');
  const requiredBy = dateText === '' ? null : excelDate(dateText);
  if (dateText !== '' && !requiredBy) errors.add(row, header.requiredBy, '需求日期须为日期，如 2026-03-01、2026/3/1 或 2026年3月1日');

  const parsed = planLineInput.safeParse({
    commodityId: commodity?.id ?? 1,
    quantity: /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : 1,
    budgetUnitPriceFen: priceFen ?? 0,
    requiredBy,
    remark: cell('remark') || null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.add(row, fieldColumn[String(issue.path[0])] ?? String(issue.path[0]), issue.message);
  }
  if (errors.list.length > before || !parsed.success) return null;
  return { ...parsed.data, budgetUnitPriceFen: parsed.data.budgetUnitPriceFen ?? 0 };
}

type ImportInput = z.output<typeof planImportRequest>;

/** Checks every row: commodity exists and is enabled, not already in the plan or twice in the file, quantity, price, date. */
async function checkRows(ctx: AuthedContext, input: ImportInput) {
  await planForAction(ctx.db, ctx.user, input.id, input.version, 'edit');
  const buffer = decodeUpload(input.fileBase64, IMPORT_MAX_BYTES);
  const sheetRows = await readXlsxRows(buffer, PLAN_LINE_EXCEL_COLUMNS, { maxBytes: IMPORT_MAX_BYTES, maxRows: PLAN_MAX_LINES });

  const skus = [...new Set(sheetRows.map((r) => r.cells[header.skuCode]).filter(Boolean))];
  const found = skus.length
    ? await ctx.db
        .select({ id: commodities.id, skuCode: commodities.skuCode, status: commodities.status, referencePriceFen: commodities.referencePriceFen })
        .from(commodities)
        .where(inArray(commodities.skuCode, skus))
    : [];
  const bySku = new Map(found.map((c) => [c.skuCode, { id: c.id, enabled: c.status === 'enabled', referencePriceFen: c.referencePriceFen }]));
  const inPlan = new Set(
    (await ctx.db.select({ commodityId: planningTaskLines.commodityId }).from(planningTaskLines).where(eq(planningTaskLines.planId, input.id))).map(
      (l) => l.commodityId,
    ),
  );

  const errors = new RowErrors();
  const parsed: { row: number; line: ParsedLine }[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const sheetRow of sheetRows) {
    const sku = sheetRow.cells[header.skuCode];
    const commodity = sku ? bySku.get(sku) : undefined;
    const line = parseRow(sheetRow, commodity, errors);
    if (sku) {
      const first = firstRowOfSku.get(sku);
      if (first != null) errors.add(sheetRow.rowNumber, header.skuCode, `SKU编码与第${first}行重复`);
      else firstRowOfSku.set(sku, sheetRow.rowNumber);
      if (commodity && inPlan.has(commodity.id)) errors.add(sheetRow.rowNumber, header.skuCode, '该商品已在计划明细中');
    }
    if (line) parsed.push({ row: sheetRow.rowNumber, line });
  }

  return { sheetRows, errors, inPlan, valid: parsed.filter((p) => !errors.has(p.row)) };
}

/**
 * Appends lines from an .xlsx to an editable plan (docs/rules/imports.md). With `checkOnly`, or
 * with any bad row and not `onlyValid`, nothing is written; otherwise the good rows go in one
 * transaction with one audit row.
 */
export async function importPlanLines(ctx: AuthedContext, input: ImportInput): Promise<ImportResult> {
  const { sheetRows, errors, inPlan, valid } = await checkRows(ctx, input);
  if (input.checkOnly || valid.length === 0 || (errors.size > 0 && !input.onlyValid)) return importAnswer(sheetRows, valid.length, 0, errors);
  if (inPlan.size + valid.length > PLAN_MAX_LINES) throw badRequest(`计划明细不能超过${PLAN_MAX_LINES}行`);

  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'edit');
    await appendPlanLines(
      tx,
      ctx.actor,
      ctx.user.id,
      plan,
      valid.map((p) => p.line),
      input.fileName,
    );
  });
  return importAnswer(sheetRows, valid.length, valid.length, errors);
}

/** The same upload checked and answered with the error report file. */
export async function planLineImportReport(ctx: AuthedContext, input: ImportInput) {
  return importErrorReport('计划明细导入错误报告.xlsx', PLAN_LINE_EXCEL_COLUMNS, await checkRows(ctx, input));
}
