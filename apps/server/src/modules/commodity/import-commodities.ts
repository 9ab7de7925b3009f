import {
  COMMODITY_EXCEL_COLUMNS,
  type commodityImportRequest,
  commodityCreateRequest,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
  snakeToCamelKey,
  yuanToFen,
} from '@scm/contract';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { categories, commodities } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext } from '../../lib/http/context';
import { xlsxFile } from '../../lib/files/excel';
import { decodeUpload, importAnswer, importErrorReport, RowErrors, readXlsxRows, type SheetRow } from '../../lib/files/xlsx-import';
import { conflict, pgErrorCode } from '../../lib/http/errors';
import { type CommodityReferences, loadCommodityReferences } from './references';
import { excelRow, normalizeCommodity, withGrams } from './service';

type Column = (typeof COMMODITY_EXCEL_COLUMNS)[number];
type Key = Column['key'];
const header = Object.fromEntries(COMMODITY_EXCEL_COLUMNS.map((c) => [c.key, c.header])) as Record<Key, string>;
/** The column of a field error (snake_case on the wire, as the shared checks name them). */
const columnOfField = (field: string) => {
  const key = snakeToCamelKey(field);
  if (key === 'priceTemplateId') return header.priceTemplateName;
  if (key === 'defaultSupplierId') return header.defaultSupplierCode;
  return header[key as Key] ?? field;
};
const INSERT_CHUNK = 1000;

export function importTemplate() {
  const columns = COMMODITY_EXCEL_COLUMNS.map((c) => ({ header: c.required ? `${c.header}*` : c.header, width: c.width }));
  const example = excelRow({
    skuCode: 'SKU-DEMO-0001',
    name: '纯棉毛巾 加厚吸水',
    categoryCode: '请填写末级分类编码',
    brand: '洁丽雅',
    spec: '34×76cm 白色',
    unit: '件',
    barcode: '6901234567892',
    weightG: 120,
    volumeCm3: 900,
    referencePriceFen: 1990,
    status: 'enabled',
    remark: '示例行，导入前请删除',
    priceTemplateName: null,
    defaultSupplierCode: null,
  });
  return xlsxFile('商品导入模板.xlsx', '商品', columns, [example]);
}

interface CategoryInfo {
  id: number;
  isLeaf: boolean;
  enabled: boolean;
}

function parseInteger(text: string): number | null | 'bad' {
  if (text === '') return null;
  return /^\d{1,10}$/.test(text) ? Number(text) : 'bad';
}

type Parsed = { row: number; values: ReturnType<typeof normalizeCommodity> };

/** Validates one spreadsheet row with the same schema and reference checks the form uses; problems go to `errors`. */
function parseRow(sheetRow: SheetRow, categoryByCode: Map<string, CategoryInfo>, references: CommodityReferences, errors: RowErrors): Parsed | null {
  const row = sheetRow.rowNumber;
  const cell = (key: Key) => sheetRow.cells[header[key]] ?? '';
  const before = errors.list.length;
  errors.addCut(sheetRow);

  const categoryCode = cell('categoryCode');
  const category = categoryByCode.get(categoryCode);
  if (!categoryCode) errors.add(row, header.categoryCode, '请填写分类编码');
  else if (!category) errors.add(row, header.categoryCode, `分类编码“${categoryCode}”不存在`);
  else if (!category.isLeaf) errors.add(row, header.categoryCode, '请填写末级分类的编码');
  else if (!category.enabled) errors.add(row, header.categoryCode, '该分类已停用');

  const priceText = cell('referencePrice');
  const priceFen = /^\d{1,9}(\.\d{1,2})?$/.test(priceText) ? yuanToFen(priceText) : null;
  if (!priceText) errors.add(row, header.referencePrice, '请填写参考价');
  else if (priceFen == null) errors.add(row, header.referencePrice, '参考价须为不超过两位小数的非负金额');

  const weightG = parseInteger(cell('weightG'));
  if (weightG === 'bad') errors.add(row, header.weightG, '重量须为非负整数（克）');
  const volumeCm3 = parseInteger(cell('volumeCm3'));
  if (volumeCm3 === 'bad') errors.add(row, header.volumeCm3, '体积须为非负整数（立方厘米）');

  const templateName = cell('priceTemplateName');
  const priceTemplateId = templateName ? references.templateIdOfName(templateName) : null;
  if (priceTemplateId === undefined) errors.add(row, header.priceTemplateName, `配送模板“${templateName}”不存在`);
  const supplierCode = cell('defaultSupplierCode');
  const defaultSupplierId = supplierCode ? references.supplierIdOfCode(supplierCode) : null;
  if (defaultSupplierId === undefined) errors.add(row, header.defaultSupplierCode, `供应商编码“${supplierCode}”不存在`);

  const statusText = cell('status');
  const status = statusText === '' || statusText === '启用' ? 'enabled' : statusText === '停用' ? 'disabled' : null;
  if (!status) errors.add(row, header.status, '状态须为“启用”或“停用”');

  const parsed = commodityCreateRequest.safeParse({
    skuCode: cell('skuCode'),
    name: cell('name'),
    categoryId: category?.id ?? 1,
    brand: cell('brand'),
    spec: cell('spec'),
    unit: references.unitOfText(cell('unit')),
    barcode: cell('barcode'),
    weightG: weightG === 'bad' ? null : weightG,
    volumeCm3: volumeCm3 === 'bad' ? null : volumeCm3,
    referencePriceFen: priceFen ?? 0,
    priceTemplateId: priceTemplateId ?? null,
    defaultSupplierId: defaultSupplierId ?? null,
    status: status ?? 'enabled',
    remark: cell('remark'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as Key;
      errors.add(row, header[key] ?? String(issue.path[0]), issue.message);
    }
    return null;
  }
  const values = normalizeCommodity(parsed.data);
  errors.addAll(row, references.check(values), columnOfField);
  if (errors.list.length > before) return null;
  return { row, values };
}

type ImportInput = z.output<typeof commodityImportRequest>;

/** Checks every row (fields, category, references, SKU unique in the file and in the database). */
async function checkRows(ctx: AuthedContext, input: ImportInput) {
  const buffer = decodeUpload(input.fileBase64, IMPORT_MAX_BYTES);
  const sheetRows = await readXlsxRows(buffer, COMMODITY_EXCEL_COLUMNS, { maxBytes: IMPORT_MAX_BYTES, maxRows: IMPORT_MAX_ROWS });

  const all = await ctx.db
    .select({ id: categories.id, code: categories.code, parentId: categories.parentId, status: categories.status })
    .from(categories);
  const parents = new Set(all.map((c) => c.parentId));
  const categoryByCode = new Map(all.map((c) => [c.code, { id: c.id, isLeaf: !parents.has(c.id), enabled: c.status === 'enabled' }]));

  const references = await loadCommodityReferences(ctx.db, {
    templateNames: sheetRows.map((r) => r.cells[header.priceTemplateName] || null),
    supplierCodes: sheetRows.map((r) => r.cells[header.defaultSupplierCode] || null),
  });

  const errors = new RowErrors();
  const parsed: Parsed[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const sheetRow of sheetRows) {
    const result = parseRow(sheetRow, categoryByCode, references, errors);
    const sku = sheetRow.cells[header.skuCode];
    if (sku) {
      const first = firstRowOfSku.get(sku);
      if (first != null) errors.add(sheetRow.rowNumber, header.skuCode, `SKU编码与第${first}行重复`);
      else firstRowOfSku.set(sku, sheetRow.rowNumber);
    }
    if (result) parsed.push(result);
  }

  const skus = [...firstRowOfSku.keys()];
  for (let i = 0; i < skus.length; i += INSERT_CHUNK) {
    const existing = await ctx.db
      .select({ skuCode: commodities.skuCode })
      .from(commodities)
      .where(inArray(commodities.skuCode, skus.slice(i, i + INSERT_CHUNK)));
    for (const { skuCode } of existing) errors.add(firstRowOfSku.get(skuCode)!, header.skuCode, 'SKU编码已存在');
  }
  return { sheetRows, errors, valid: parsed.filter((p) => !errors.has(p.row)) };
}

/**
 * Excel import (docs/rules/imports.md). With `checkOnly`, or with any bad row and not `onlyValid`,
 * nothing is written; otherwise the good rows go in one transaction with one audit row.
 */
export async function importCommodities(ctx: AuthedContext, input: ImportInput): Promise<ImportResult> {
  const { sheetRows, errors, valid } = await checkRows(ctx, input);
  if (input.checkOnly || valid.length === 0 || (errors.size > 0 && !input.onlyValid)) return importAnswer(sheetRows, valid.length, 0, errors);

  try {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
        await tx.insert(commodities).values(valid.slice(i, i + INSERT_CHUNK).map((p) => withGrams(p.values)));
      }
      await writeAudit(tx, ctx.actor, {
        module: 'commodity',
        action: 'import',
        summary: `导入${valid.length}个商品${input.fileName ? `（${input.fileName}）` : ''}`,
        after: { count: valid.length, skipped: errors.size, skuCodes: valid.slice(0, 100).map((p) => p.values.skuCode) },
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict('导入期间有相同SKU编码的商品被创建，请重新导入');
    throw error;
  }
  return importAnswer(sheetRows, valid.length, valid.length, errors);
}

/** The same upload checked and answered with the error report file. */
export async function commodityImportReport(ctx: AuthedContext, input: ImportInput) {
  return importErrorReport('商品导入错误报告.xlsx', COMMODITY_EXCEL_COLUMNS, await checkRows(ctx, input));
}
