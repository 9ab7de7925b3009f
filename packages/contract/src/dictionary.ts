import { z } from 'zod';
import {
  byIdRequest,
  byIdVersionRequest,
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
import { TAG_COLORS } from './dictionary-vocabulary';

export const tagColorSchema = z.enum(TAG_COLORS, '请选择标签颜色');

const typeCode = z
  .string('请输入字典编码')
  .trim()
  .min(1, '请输入字典编码')
  .max(50, '字典编码不能超过50个字符')
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, '字典编码须为小写字母、数字和下划线（snake_case）');

const typeFields = {
  code: typeCode,
  name: requiredText('字典名称', 50),
  status: statusSchema,
  remark: multilineText('备注', 500).nullish(),
};

export const dictTypeCreateRequest = z.strictObject(typeFields);
export const dictTypeUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...typeFields });
const dictTypeFilter = {
  keyword: text('关键字', 50).optional(),
  status: statusSchema.optional(),
  builtIn: z.boolean().optional(),
};
export const dictTypeListRequest = pageRequest(['code', 'name', 'updatedAt']).extend(dictTypeFilter);
/** Export takes the list's filter: the types on one sheet, their items on a second. */
export const dictTypeExportRequest = z.strictObject(dictTypeFilter);

export const dictTypeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: statusSchema,
  builtIn: z.boolean(),
  remark: z.string().nullable(),
  itemCount: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
export type DictType = z.infer<typeof dictTypeSchema>;

const itemFields = {
  label: requiredText('字典标签', 50),
  value: z
    .string('请输入字典值')
    .trim()
    .min(1, '请输入字典值')
    .max(50, '字典值不能超过50个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '字典值只能包含字母、数字、下划线、点和短横线'),
  sort: z.int('排序必须是整数').min(0, '排序不能为负数').max(9999, '排序不能超过9999').default(0),
  tagColor: tagColorSchema.default('default'),
  isDefault: z.boolean().default(false),
  status: statusSchema,
  remark: multilineText('备注', 500).nullish(),
};

export const dictItemCreateRequest = z.strictObject({ typeId: idSchema, ...itemFields });
export const dictItemUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...updateFields(itemFields) });
export const dictItemListRequest = pageRequest(['sort', 'value', 'label', 'updatedAt']).extend({
  typeCode: typeCode,
  keyword: text('关键字', 50).optional(),
  status: statusSchema.optional(),
});

export const dictItemSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  label: z.string(),
  value: z.string(),
  sort: z.number(),
  tagColor: tagColorSchema,
  isDefault: z.boolean(),
  status: statusSchema,
  remark: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type DictItem = z.infer<typeof dictItemSchema>;

/** Everything the front end's dictionary cache holds, stamped with the dictionary version. */
export const dictionaryBundleSchema = z.object({
  version: z.number(),
  types: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      status: statusSchema,
      items: z.array(
        z.object({
          value: z.string(),
          label: z.string(),
          tagColor: tagColorSchema,
          isDefault: z.boolean(),
          status: statusSchema,
          sort: z.number(),
        }),
      ),
    }),
  ),
});
export type DictionaryBundle = z.infer<typeof dictionaryBundleSchema>;

export const dictTypeApi = {
  list: endpoint('/admin/dict_type/list', dictTypeListRequest, pageResponse(dictTypeSchema)),
  info: endpoint('/admin/dict_type/info', z.strictObject({ code: typeCode }), dictTypeSchema),
  create: endpoint('/admin/dict_type/create', dictTypeCreateRequest, idResponse),
  update: endpoint('/admin/dict_type/update', dictTypeUpdateRequest, idResponse),
  enable: endpoint('/admin/dict_type/enable', byIdVersionRequest, idResponse),
  disable: endpoint('/admin/dict_type/disable', byIdVersionRequest, idResponse),
  delete: endpoint('/admin/dict_type/delete', byIdVersionRequest, z.null()),
  /** Every type with its items, for the front end's cache (any signed-in user). */
  options: endpoint('/admin/dict_type/options', z.strictObject({}), dictionaryBundleSchema),
  /** The dictionary version alone: the cache reloads when it changes. */
  version: endpoint('/admin/dict_type/version', z.strictObject({}), z.object({ version: z.number() })),
  export: endpoint('/admin/dict_type/export', dictTypeExportRequest, fileResponse),
};

export const dictItemApi = {
  list: endpoint('/admin/dict_item/list', dictItemListRequest, pageResponse(dictItemSchema)),
  info: endpoint('/admin/dict_item/info', byIdRequest, dictItemSchema),
  create: endpoint('/admin/dict_item/create', dictItemCreateRequest, idResponse),
  update: endpoint('/admin/dict_item/update', dictItemUpdateRequest, idResponse),
  enable: endpoint('/admin/dict_item/enable', byIdVersionRequest, idResponse),
  disable: endpoint('/admin/dict_item/disable', byIdVersionRequest, idResponse),
  delete: endpoint('/admin/dict_item/delete', byIdVersionRequest, z.null()),
};

/** The built-in dictionary types the application relies on (docs/rules/base-data.md, "Dictionaries"). */
export const DICT = {
  planType: 'plan_type',
  planStatus: 'plan_status',
  procurementStatus: 'procurement_status',
  quoteStatus: 'quote_status',
  quotationStatus: 'quotation_status',
  /** Derived from 收货仓库: its items are the enabled warehouses (DERIVED_DICTIONARIES). */
  warehouse: 'warehouse',
  unit: 'unit',
  settlementType: 'settlement_type',
  supplierGrade: 'supplier_grade',
  supplierStatus: 'supplier_status',
  chargeMode: 'charge_mode',
  commonStatus: 'common_status',
  invoiceType: 'invoice_type',
  purchaseOrderStatus: 'purchase_order_status',
  purchaseReturnStatus: 'purchase_return_status',
  returnReason: 'return_reason',
  shipmentStatus: 'shipment_status',
  /** How the buyer heard a supplier's answer it records (电话, 微信, 邮件, 盖章回传). */
  confirmChannel: 'confirm_channel',
  /** The company's 纳税人类型: the type's default item is the current setting (docs/procurement.md). */
  companyTaxpayer: 'company_taxpayer',
  awardApprovalThreshold: 'award_approval_threshold',
  statementStatus: 'statement_status',
  /** The three-way match's tax tolerance in yuan: the type's default item is the current setting (docs/rules/statements.md). */
  invoiceTaxTolerance: 'invoice_tax_tolerance',
} as const;
export type DictCode = (typeof DICT)[keyof typeof DICT];

/**
 * Dictionary types whose items another page keeps (docs/rules/base-data.md, "Warehouses"): the
 * dictionary answers them read-only and 数据字典 points to that page.
 */
export const DERIVED_DICTIONARIES = {
  warehouse: { label: '收货仓库', path: '/basicData/warehouse' },
} as const satisfies Partial<Record<DictCode, { label: string; path: string }>>;
