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
  selectedIdsSchema,
  text,
  versionSchema,
  updateFields,
} from '../common';
import { endpoint } from '../endpoint';
import { EMAIL_PATTERN, PHONE_PATTERN, REGION_CODE_6 } from '../validation';
import { SUPPLIER_STATUSES } from './vocabulary';

export const supplierStatusSchema = z.enum(SUPPLIER_STATUSES, '请选择状态');

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The mod-31 check character of a unified social credit code's first 17 characters (GB 32100-2015). */
function creditCheckCharacter(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body17[i]) * CREDIT_WEIGHTS[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** A whole credit code from its first 17 characters (demo data, tests). */
export const creditCodeWithCheck = (body17: string): string => body17 + creditCheckCharacter(body17);

/** GB 32100-2015 unified social credit code: 18 characters, the last a mod-31 check character. */
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return creditCheckCharacter(code) === code[17];
}

const supplierFields = {
  name: requiredText('供应商名称', 100),
  shortName: text('简称', 50).nullish(),
  contactPerson: requiredText('联系人', 50),
  phone: z.string('请输入联系电话').trim().regex(PHONE_PATTERN, '请输入有效的手机号或固话（如 13800138000、0571-88886666）'),
  email: z
    .string()
    .trim()
    .max(254, '请输入有效的邮箱地址')
    .regex(EMAIL_PATTERN, '请输入有效的邮箱地址')
    .nullish()
    .or(z.literal('').transform(() => null)),
  regionCode: z.string('请选择所在地区').regex(REGION_CODE_6, '请选择所在地区'),
  address: text('详细地址', 200).nullish(),
  categoryIds: z.array(idSchema).max(50, '供应品类不能超过50个').default([]),
  creditCode: z.string('请输入统一社会信用代码').trim().toUpperCase().refine(isValidCreditCode, '统一社会信用代码须为18位且校验位正确'),
  bankName: text('开户银行', 100).nullish(),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, '银行账号须为8-30位数字')
    .nullish()
    .or(z.literal('').transform(() => null)),
  settlementType: z.string('请选择结算方式').min(1, '请选择结算方式').max(50),
  grade: z.string('请选择供应商等级').min(1, '请选择供应商等级').max(50),
  priceTemplateId: idSchema.nullish(),
  status: supplierStatusSchema.default('enabled'),
  remark: multilineText('备注', 500).nullish(),
};

export const supplierCreateRequest = z.strictObject(supplierFields);
export const supplierUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...updateFields(supplierFields) });
export const supplierStatusRequest = z.strictObject({ id: idSchema, version: versionSchema, status: supplierStatusSchema });

const supplierFilter = {
  keyword: text('关键字', 50).optional(),
  status: supplierStatusSchema.optional(),
  grade: z.string().max(50).optional(),
  settlementType: z.string().max(50).optional(),
  categoryId: idSchema.optional(),
  regionCode: z.string().regex(REGION_CODE_6).optional(),
  /** Only these suppliers (导出选中). */
  ids: selectedIdsSchema.optional(),
};
export const supplierListRequest = pageRequest(['code', 'name', 'grade', 'updatedAt', 'tasksInvited', 'awardsWon']).extend(supplierFilter);
export const supplierExportRequest = z.strictObject(supplierFilter);

export const supplierSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  contactPerson: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  regionCode: z.string(),
  regionName: z.string(),
  address: z.string().nullable(),
  categoryIds: z.array(z.number()),
  categoryNames: z.array(z.string()),
  creditCode: z.string(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  settlementType: z.string(),
  grade: z.string(),
  priceTemplateId: z.number().nullable(),
  priceTemplateName: z.string().nullable(),
  status: supplierStatusSchema,
  remark: z.string().nullable(),
  tasksInvited: z.number(),
  quotesSubmitted: z.number(),
  awardsWon: z.number(),
  /** Awards won ÷ quotes submitted, in basis points (10000 = 100%); null before the first quote. */
  winRateBp: z.number().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  code: z.string(),
  status: supplierStatusSchema,
  grade: z.string(),
  priceTemplateId: z.number().nullable(),
});
export const supplierOptionsRequest = z.strictObject({
  keyword: text('关键字', 50).optional(),
  /** Only suppliers that may be invited (启用). */
  invitable: z.boolean().optional(),
  limit: z.int().min(1).max(200).default(50),
});

export const supplierApi = {
  list: endpoint('/admin/supplier/list', supplierListRequest, pageResponse(supplierSchema)),
  options: endpoint('/admin/supplier/options', supplierOptionsRequest, z.array(supplierOptionSchema)),
  info: endpoint('/admin/supplier/info', byIdRequest, supplierSchema),
  create: endpoint('/admin/supplier/create', supplierCreateRequest, idResponse),
  update: endpoint('/admin/supplier/update', supplierUpdateRequest, idResponse),
  status: endpoint('/admin/supplier/status', supplierStatusRequest, idResponse),
  delete: endpoint('/admin/supplier/delete', byIdVersionRequest, z.null()),
  export: endpoint('/admin/supplier/export', supplierExportRequest, fileResponse),
};
