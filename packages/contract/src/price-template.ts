import { z } from 'zod';
import {
  byIdRequest,
  byIdVersionRequest,
  fileResponse,
  idResponse,
  idSchema,
  multilineText,
  optionSchema,
  pageRequest,
  pageResponse,
  requiredText,
  statusSchema,
  text,
  versionSchema,
  updateFields,
} from './common';
import { endpoint } from './endpoint';
import { regionCodeSchema } from './region';

export const chargeModeSchema = z.enum(['piece', 'weight', 'volume'], '请选择计费方式');
export const freeOperatorSchema = z.enum(['and', 'or']);

/** Fees ≤ 100,000,000 fen (docs/rules/freight.md, "Templates"). */
export const MAX_FEE_FEN = 100_000_000;
/** Quantities of a row (pieces, g or cm³): a per-unit maximum measure times the maximum quantity. */
export const MAX_ROW_QTY = 10_000_000_000_000;

const positiveQty = (label: string) => z.int(`${label}必须是整数`).min(1, `${label}必须大于0`).max(MAX_ROW_QTY, `${label}过大`);
const fee = (label: string) => z.int(`${label}必须是整数（分）`).min(0, `${label}不能为负数`).max(MAX_FEE_FEN, `${label}不能超过1000000元`);
const regionCodes = z.array(regionCodeSchema).max(4000, '地区过多');

export const chargeRowSchema = z.strictObject({
  regionCodes,
  isDefault: z.boolean(),
  firstQty: positiveQty('首件/首重/首体积'),
  firstFeeFen: fee('首费'),
  additionalQty: positiveQty('续件/续重/续体积'),
  additionalFeeFen: fee('续费'),
});

export const freeRowSchema = z.strictObject({
  regionCodes,
  qtyLimit: positiveQty('包邮数量条件').nullish(),
  minAmountFen: z.int('包邮金额必须是整数（分）').min(1, '包邮金额必须大于0').max(MAX_ROW_QTY, '包邮金额过大').nullish(),
  operator: freeOperatorSchema,
});

const templateFields = {
  name: requiredText('模板名称', 50),
  chargeMode: chargeModeSchema,
  status: statusSchema,
  remark: multilineText('备注', 500).nullish(),
  chargeRows: z.array(chargeRowSchema).min(1, '请至少设置一条计费规则').max(500, '计费规则过多'),
  freeRows: z.array(freeRowSchema).max(500, '包邮规则过多').default([]),
  noDeliveryCodes: regionCodes.default([]),
};

type TemplateBody = {
  chargeRows: z.infer<typeof chargeRowSchema>[];
  /** Left out of an update: unchanged, so there is nothing to check. */
  freeRows?: z.infer<typeof freeRowSchema>[];
  noDeliveryCodes?: string[];
};

/** The rules across rows (docs/rules/freight.md, "Templates"), reported on the field that breaks them. */
function checkTemplateRules(body: TemplateBody, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const defaults = body.chargeRows.filter((row) => row.isDefault).length;
  if (defaults !== 1) issue(['chargeRows'], defaults === 0 ? '必须有一条全国默认计费规则' : '只能有一条全国默认计费规则');
  const seenCharge = new Map<string, number>();
  body.chargeRows.forEach((row, i) => {
    if (row.isDefault && row.regionCodes.length > 0) issue(['chargeRows', i, 'regionCodes'], '全国默认规则不能指定地区');
    if (!row.isDefault && row.regionCodes.length === 0) issue(['chargeRows', i, 'regionCodes'], '请选择地区');
    for (const code of row.regionCodes) {
      const other = seenCharge.get(code);
      if (other !== undefined) {
        issue(['chargeRows', i, 'regionCodes'], other === i ? `地区 ${code} 重复` : `地区 ${code} 已在第${other + 1}条计费规则中`);
      } else seenCharge.set(code, i);
    }
  });
  const seenFree = new Map<string, number>();
  let everywhere = -1;
  (body.freeRows ?? []).forEach((row, i) => {
    if (row.qtyLimit == null && row.minAmountFen == null) issue(['freeRows', i, 'qtyLimit'], '包邮规则至少需要一个条件');
    if (row.regionCodes.length === 0) {
      if (everywhere >= 0) issue(['freeRows', i, 'regionCodes'], `第${everywhere + 1}条包邮规则已覆盖全部地区`);
      else everywhere = i;
    }
    for (const code of row.regionCodes) {
      const other = seenFree.get(code);
      if (other !== undefined) {
        issue(['freeRows', i, 'regionCodes'], other === i ? `地区 ${code} 重复` : `地区 ${code} 已在第${other + 1}条包邮规则中`);
      } else seenFree.set(code, i);
    }
  });
  if (body.noDeliveryCodes && new Set(body.noDeliveryCodes).size !== body.noDeliveryCodes.length) issue(['noDeliveryCodes'], '不配送地区重复');
}

export const priceTemplateCreateRequest = z.strictObject(templateFields).superRefine(checkTemplateRules);
export const priceTemplateUpdateRequest = z
  .strictObject({ id: idSchema, version: versionSchema, ...updateFields(templateFields) })
  .superRefine(checkTemplateRules);
export type PriceTemplateInput = z.infer<typeof priceTemplateCreateRequest>;

const priceTemplateFilter = {
  keyword: text('关键字', 50).optional(),
  chargeMode: chargeModeSchema.optional(),
  status: statusSchema.optional(),
};
export const priceTemplateListRequest = pageRequest(['name', 'updatedAt', 'createdAt']).extend(priceTemplateFilter);
/** Export takes the list's filter: one row per template, then its charge and free-shipping rows. */
export const priceTemplateExportRequest = z.strictObject(priceTemplateFilter);

const chargeRowOut = z.object({
  regionCodes: z.array(z.string()),
  isDefault: z.boolean(),
  firstQty: z.number(),
  firstFeeFen: z.number(),
  additionalQty: z.number(),
  additionalFeeFen: z.number(),
});
const freeRowOut = z.object({
  regionCodes: z.array(z.string()),
  qtyLimit: z.number().nullable(),
  minAmountFen: z.number().nullable(),
  operator: freeOperatorSchema,
});

export const priceTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  chargeMode: chargeModeSchema,
  status: statusSchema,
  remark: z.string().nullable(),
  chargeRows: z.array(chargeRowOut),
  freeRows: z.array(freeRowOut),
  noDeliveryCodes: z.array(z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type PriceTemplate = z.infer<typeof priceTemplateSchema>;

export const priceTemplateListItem = z.object({
  id: z.number(),
  name: z.string(),
  chargeMode: chargeModeSchema,
  status: statusSchema,
  remark: z.string().nullable(),
  defaultRow: chargeRowOut.nullable(),
  chargeRowCount: z.number(),
  freeRowCount: z.number(),
  noDeliveryCount: z.number(),
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type PriceTemplateListItem = z.infer<typeof priceTemplateListItem>;

export const priceTemplateOptionsRequest = z.strictObject({
  includeDisabled: z.boolean().optional(),
  /** Part of the name, for pickers that search the server. */
  keyword: text('关键字', 50).optional(),
});
export const priceTemplateOption = optionSchema.extend({ chargeMode: chargeModeSchema, status: statusSchema });

export const priceTemplateApi = {
  list: endpoint('/admin/price_template/list', priceTemplateListRequest, pageResponse(priceTemplateListItem)),
  options: endpoint('/admin/price_template/options', priceTemplateOptionsRequest, z.array(priceTemplateOption)),
  info: endpoint('/admin/price_template/info', byIdRequest, priceTemplateSchema),
  create: endpoint('/admin/price_template/create', priceTemplateCreateRequest, idResponse),
  update: endpoint('/admin/price_template/update', priceTemplateUpdateRequest, idResponse),
  copy: endpoint('/admin/price_template/copy', byIdRequest, idResponse),
  enable: endpoint('/admin/price_template/enable', byIdVersionRequest, idResponse),
  disable: endpoint('/admin/price_template/disable', byIdVersionRequest, idResponse),
  delete: endpoint('/admin/price_template/delete', byIdVersionRequest, z.null()),
  export: endpoint('/admin/price_template/export', priceTemplateExportRequest, fileResponse),
};
