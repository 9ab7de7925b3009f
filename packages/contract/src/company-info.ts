import { z } from 'zod';
import { idResponse, requiredText, versionSchema } from './common';
import { endpoint } from './endpoint';
import { isValidCreditCode } from './procurement/supplier';
import { phoneField } from './warehouse';

/** 公司信息 (docs/rules/base-data.md, "Company"): the supplier's field names. */
const companyFields = {
  name: requiredText('公司名称', 100),
  creditCode: z.string('请输入统一社会信用代码').trim().toUpperCase().refine(isValidCreditCode, '统一社会信用代码须为18位且校验位正确'),
  address: requiredText('地址', 200),
  phone: phoneField('电话'),
  bankName: requiredText('开户银行', 100),
  bankAccount: z
    .string('请输入银行账号')
    .trim()
    .regex(/^\d{8,30}$/, '银行账号须为8-30位数字'),
};
export const companyInfoUpdateRequest = z.strictObject({ ...companyFields, version: versionSchema });
export type CompanyInfoUpdateBody = z.input<typeof companyInfoUpdateRequest>;
/** 公司信息; empty strings until someone fills it in. */
export const companyInfoSchema = z.object({
  name: z.string(),
  creditCode: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  version: z.number(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const companyInfoApi = {
  /** Any signed-in user: the printed papers read it. */
  info: endpoint('/admin/company_info/info', z.strictObject({}), companyInfoSchema),
  update: endpoint('/admin/company_info/update', companyInfoUpdateRequest, idResponse),
};
