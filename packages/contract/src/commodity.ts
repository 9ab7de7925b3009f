import { z } from 'zod';
import {
  byIdRequest,
  byIdVersionRequest,
  emptyResponse,
  fileResponse,
  idResponse,
  idSchema,
  multilineText,
  pageRequest,
  pageResponse,
  requiredText,
  statusSchema,
  text,
  versionSchema,
  updateFields,
} from './common';
import { endpoint } from './endpoint';

/** Categories nest at most this deep (docs/rules/base-data.md, "Categories"). */
export const CATEGORY_MAX_LEVEL = 3;
/** Excel import limits (docs/rules/quality-bars.md, "Files"). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

const CODE_PATTERN = /^[A-Za-z0-9_-]*$/;
const codeText = (label: string, max: number) => requiredText(label, max).regex(CODE_PATTERN, `${label}只能包含字母、数字、下划线和短横线`);

/** GS1 check digit: weights 1 and 3 alternate from the left over the first 12 digits. */
export function isValidEan13(barcode: string): boolean {
  if (!/^\d{13}$/.test(barcode)) return false;
  const digits = [...barcode].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

// ---------------------------------------------------------------- categories

export const categorySchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  code: z.string(),
  level: z.number(),
  sort: z.number(),
  status: statusSchema,
  remark: z.string().nullable(),
  /** Commodities in this category and all its descendants. */
  commodityCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const categoryFields = {
  name: requiredText('分类名称', 50),
  code: codeText('分类编码', 32),
  sort: z.int().min(0).max(99_999).default(0),
  status: statusSchema.default('enabled'),
  remark: multilineText('备注', 200).nullish(),
};

export const categoryListRequest = z.strictObject({
  keyword: text('关键词', 50).optional(),
  status: statusSchema.optional(),
});
export const categoryCreateRequest = z.strictObject({ parentId: idSchema.nullish(), ...categoryFields });
export const categoryUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...updateFields(categoryFields) });
export const categoryMoveRequest = z.strictObject({ id: idSchema, version: versionSchema, parentId: idSchema.nullable() });

export const categoryOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  code: z.string(),
  parentId: z.number().nullable(),
  level: z.number(),
  status: statusSchema,
});
export type CategoryOption = z.infer<typeof categoryOptionSchema>;

export const categoryApi = {
  list: endpoint('/admin/category/list', categoryListRequest, z.array(categorySchema)),
  options: endpoint('/admin/category/options', z.strictObject({}), z.array(categoryOptionSchema)),
  info: endpoint('/admin/category/info', byIdRequest, categorySchema),
  create: endpoint('/admin/category/create', categoryCreateRequest, idResponse),
  update: endpoint('/admin/category/update', categoryUpdateRequest, emptyResponse),
  move: endpoint('/admin/category/move', categoryMoveRequest, emptyResponse),
  enable: endpoint('/admin/category/enable', byIdVersionRequest, emptyResponse),
  disable: endpoint('/admin/category/disable', byIdVersionRequest, emptyResponse),
  delete: endpoint('/admin/category/delete', byIdVersionRequest, emptyResponse),
};

export interface TreeNode<T> {
  node: T;
  children: TreeNode<T>[];
}

/** Nests a flat list by `parentId` (siblings keep the list's order; orphans become roots). */
export function buildTree<T extends { id: number; parentId: number | null }>(items: readonly T[]): TreeNode<T>[] {
  const byId = new Map(items.map((item) => [item.id, { node: item, children: [] as TreeNode<T>[] }]));
  const roots: TreeNode<T>[] = [];
  for (const entry of byId.values()) {
    const parent = entry.node.parentId == null ? undefined : byId.get(entry.node.parentId);
    (parent ? parent.children : roots).push(entry);
  }
  return roots;
}

// ---------------------------------------------------------------- commodities

export const COMMODITY_SORT_FIELDS = ['skuCode', 'name', 'referencePriceFen', 'updatedAt'] as const;

export const commoditySchema = z.object({
  id: z.number(),
  skuCode: z.string(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  brand: z.string().nullable(),
  spec: z.string().nullable(),
  unit: z.string(),
  barcode: z.string().nullable(),
  weightG: z.number().nullable(),
  volumeCm3: z.number().nullable(),
  referencePriceFen: z.number(),
  priceTemplateId: z.number().nullable(),
  priceTemplateName: z.string().nullable(),
  defaultSupplierId: z.number().nullable(),
  defaultSupplierCode: z.string().nullable(),
  defaultSupplierName: z.string().nullable(),
  status: statusSchema,
  remark: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Commodity = z.infer<typeof commoditySchema>;

const fenSchema = z.int('请输入整数金额（分）').min(0, '金额不能为负数').max(99_999_999_999, '金额过大');

/** Every editable field of a commodity; the form and the Excel import validate with the same rules. */
export const commodityFields = {
  skuCode: codeText('SKU编码', 40),
  name: requiredText('商品名称', 100),
  categoryId: idSchema,
  brand: text('品牌', 50).nullish(),
  spec: text('规格', 100).nullish(),
  /** A value of the `unit` dictionary; the server checks that the item exists and is enabled. */
  unit: requiredText('单位', 20),
  barcode: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidEan13(v), '条形码须为13位且校验位正确（EAN-13）')
    .nullish(),
  weightG: z.int('重量须为整数克').min(0, '重量不能为负数').max(1_000_000_000, '重量过大').nullish(),
  volumeCm3: z.int('体积须为整数立方厘米').min(0, '体积不能为负数').max(2_000_000_000, '体积过大').nullish(),
  referencePriceFen: fenSchema,
  priceTemplateId: idSchema.nullish(),
  defaultSupplierId: idSchema.nullish(),
  status: statusSchema.default('enabled'),
  remark: multilineText('备注', 200).nullish(),
};

export const commodityFilter = {
  keyword: text('关键词', 50).optional(),
  categoryId: idSchema.optional(),
  brand: text('品牌', 50).optional(),
  status: statusSchema.optional(),
  minPriceFen: fenSchema.optional(),
  maxPriceFen: fenSchema.optional(),
};

export const commodityListRequest = pageRequest(COMMODITY_SORT_FIELDS).extend(commodityFilter);
/** Export takes the list's filter; rows come in id order (keyset batches, see docs/decisions.md). */
export const commodityExportRequest = z.strictObject(commodityFilter);
export const commodityCreateRequest = z.strictObject(commodityFields);
export const commodityUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...updateFields(commodityFields) });
export const commodityStatusRequest = z.strictObject({
  items: z
    .array(z.strictObject({ id: idSchema, version: versionSchema }))
    .min(1, '请选择商品')
    .max(200, '一次最多200条'),
});

export const commodityOptionsRequest = z.strictObject({
  keyword: text('关键词', 50).optional(),
  limit: z.int().min(1).max(50).default(20),
});
export const commodityOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  skuCode: z.string(),
  name: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  referencePriceFen: z.number(),
  /** What a freight estimate of the commodity uses (docs/rules/freight.md). */
  weightG: z.number().nullable(),
  volumeCm3: z.number().nullable(),
  priceTemplateId: z.number().nullable(),
});
export type CommodityOption = z.infer<typeof commodityOptionSchema>;

/** The upload fields every Excel import takes (docs/rules/imports.md). */
export const importUploadFields = {
  fileName: text('文件名', 200).optional(),
  /** The .xlsx file, base64-encoded (decoded size at most IMPORT_MAX_BYTES). */
  fileBase64: z
    .string()
    .min(1, '请选择文件')
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 1024, '文件不能超过10MB'),
  /** Only check the rows and answer the report; nothing is written. */
  checkOnly: z.boolean().default(false),
  /** When false, one bad row means nothing is written. */
  onlyValid: z.boolean().default(false),
};
export const commodityImportRequest = z.strictObject(importUploadFields);
export const importErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;
export const importResultSchema = z.object({
  totalRows: z.number(),
  validRows: z.number(),
  imported: z.number(),
  /** Every problem found; `errors` lists at most the first 1,000 (the report file holds all). */
  errorCount: z.number(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const commodityApi = {
  /** `total` stops at 10,000; `total_capped` says there are more (docs/decisions.md, "Keyword search"). */
  list: endpoint('/admin/commodity/list', commodityListRequest, pageResponse(commoditySchema).extend({ totalCapped: z.boolean() })),
  options: endpoint('/admin/commodity/options', commodityOptionsRequest, z.array(commodityOptionSchema)),
  info: endpoint('/admin/commodity/info', byIdRequest, commoditySchema),
  create: endpoint('/admin/commodity/create', commodityCreateRequest, idResponse),
  update: endpoint('/admin/commodity/update', commodityUpdateRequest, emptyResponse),
  delete: endpoint('/admin/commodity/delete', byIdVersionRequest, emptyResponse),
  enable: endpoint('/admin/commodity/enable', commodityStatusRequest, emptyResponse),
  disable: endpoint('/admin/commodity/disable', commodityStatusRequest, emptyResponse),
  importTemplate: endpoint('/admin/commodity/import_template', z.strictObject({}), fileResponse),
  import: endpoint('/admin/commodity/import', commodityImportRequest, importResultSchema),
  /** The same upload answered with the error report (.xlsx: each bad row's cells beside 行号 / 列 / 原因). */
  importReport: endpoint('/admin/commodity/import_report', commodityImportRequest, fileResponse),
  export: endpoint('/admin/commodity/export', commodityExportRequest, fileResponse),
};

/** The Excel columns of the import template and the export, in order. */
export const COMMODITY_EXCEL_COLUMNS = [
  { key: 'skuCode', header: 'SKU编码', required: true, width: 18 },
  { key: 'name', header: '商品名称', required: true, width: 30 },
  { key: 'categoryCode', header: '分类编码', required: true, width: 14 },
  { key: 'brand', header: '品牌', required: false, width: 14 },
  { key: 'spec', header: '规格', required: false, width: 20 },
  { key: 'unit', header: '单位', required: true, width: 8 },
  { key: 'barcode', header: '条形码', required: false, width: 16 },
  { key: 'weightG', header: '重量(克)', required: false, width: 10 },
  { key: 'volumeCm3', header: '体积(立方厘米)', required: false, width: 14 },
  { key: 'referencePrice', header: '参考价(元)', required: true, width: 12 },
  { key: 'status', header: '状态', required: false, width: 8 },
  { key: 'remark', header: '备注', required: false, width: 24 },
  // Later additions: files made from the older template, without these columns, still import.
  { key: 'priceTemplateName', header: '配送模板名称', required: false, width: 18, optionalHeader: true },
  { key: 'defaultSupplierCode', header: '默认供应商编码', required: false, width: 18, optionalHeader: true },
] as const;
