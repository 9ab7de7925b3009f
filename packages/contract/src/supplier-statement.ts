import { z } from 'zod';
import {
  allowedActionsSchema,
  byIdRequest,
  calendarDate,
  fileResponse,
  idResponse,
  idSchema,
  multilineText,
  pageRequest,
  pageResponse,
  requiredMultilineText,
  text,
  versionSchema,
} from './common';
import { endpoint } from './endpoint';
import { PORTAL_PATHS } from './portal-paths';
import { INVOICE_TYPES, TAX_RATES } from './procurement/vat';
import { PAPER_INVOICE_CODE, TAX_ID_PATTERN } from './supplier-statement-figures';
import {
  EXCEPTION_KINDS,
  EXCEPTION_STATUSES,
  INVOICE_STATUSES,
  MATCH_RESULTS,
  MOVEMENT_KINDS,
  STATEMENT_ACTIONS,
  STATEMENT_INVOICE_TYPES,
  STATEMENT_STATUSES,
} from './supplier-statement-vocabulary';

// Supplier statements 对账单, their invoices and payment (docs/rules/statements.md).

export const statementStatusSchema = z.enum(STATEMENT_STATUSES);

/** The most a statement's period may span: a month end, a quarter, at most a year. */
export const MAX_STATEMENT_PERIOD_DAYS = 366;

const statementFilter = {
  keyword: text('关键字', 50).optional(),
  supplierId: idSchema.optional(),
  status: statementStatusSchema.optional(),
  /** Statements whose period ends on or after this day… */
  periodFrom: calendarDate('对账期起').optional(),
  /** …and starts on or before this one. */
  periodTo: calendarDate('对账期止').optional(),
};
export const STATEMENT_SORT_FIELDS = ['code', 'createdAt', 'periodTo', 'totalFen'] as const;
export const statementListRequest = pageRequest(STATEMENT_SORT_FIELDS).extend(statementFilter);
export type StatementListBody = z.input<typeof statementListRequest>;
export const statementExportRequest = z.strictObject(statementFilter);

export const statementCreateRequest = z
  .strictObject({
    supplierId: idSchema,
    periodFrom: calendarDate('对账期起'),
    periodTo: calendarDate('对账期止'),
    remark: multilineText('备注', 200).nullish(),
  })
  .refine((v) => v.periodFrom <= v.periodTo, { path: ['periodTo'], message: '对账期止不能早于对账期起' });
export type StatementCreateBody = z.input<typeof statementCreateRequest>;

export const statementItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  status: statementStatusSchema,
  revision: z.number(),
  /** goods + freight + returns. */
  totalFen: z.number(),
  /** Receipts and reversals (a reversal negative). */
  goodsFen: z.number(),
  freightFen: z.number(),
  /** Shipped returns (negative). */
  returnsFen: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;

export const statementMovementSchema = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  orderId: z.number(),
  orderCode: z.string(),
  receiptId: z.number().nullable(),
  returnId: z.number().nullable(),
  date: z.string(),
  skuCode: z.string().nullable(),
  commodityName: z.string().nullable(),
  quantity: z.number().nullable(),
  unitPriceFen: z.number().nullable(),
  amountFen: z.number(),
  invoiceType: z.enum(INVOICE_TYPES),
  taxRatePercent: z.number(),
  /** The supplier's note on this movement with its dispute. */
  disputeNote: z.string().nullable(),
});
export type StatementMovement = z.infer<typeof statementMovementSchema>;

export const statementGroupSchema = z.object({
  invoiceType: z.enum(INVOICE_TYPES),
  taxRatePercent: z.number(),
  amountInclTaxFen: z.number(),
  amountExclTaxFen: z.number(),
  taxFen: z.number(),
  invoicedInclTaxFen: z.number(),
  invoicedTaxFen: z.number(),
  /** 实际成本 of the group: 含税 − 可抵扣税额. */
  realFen: z.number(),
});
export type StatementGroup = z.infer<typeof statementGroupSchema>;

export const supplierInvoiceSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  invoiceCode: z.string().nullable(),
  invoiceType: z.enum(STATEMENT_INVOICE_TYPES),
  taxRatePercent: z.number(),
  issueDate: z.string(),
  sellerTaxId: z.string(),
  buyerTaxId: z.string(),
  amountExclTaxFen: z.number(),
  taxFen: z.number(),
  amountInclTaxFen: z.number(),
  status: z.enum(INVOICE_STATUSES),
  submittedBy: z.enum(['supplier', 'staff']),
  voidReason: z.string().nullable(),
  version: z.number(),
});
export type SupplierInvoice = z.infer<typeof supplierInvoiceSchema>;

export const statementExceptionSchema = z.object({
  key: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  invoiceType: z.enum(INVOICE_TYPES),
  taxRatePercent: z.number(),
  expectedFen: z.number(),
  actualFen: z.number(),
  realCostImpactFen: z.number(),
  status: z.enum(EXCEPTION_STATUSES),
  reason: z.string().nullable(),
  /** What differs, in one Chinese line. */
  detail: z.string(),
});
export type StatementException = z.infer<typeof statementExceptionSchema>;

export const statementHistorySchema = z.object({
  action: z.string(),
  at: z.string(),
  byName: z.string().nullable(),
  summary: z.string().nullable(),
});

export const statementDetailSchema = statementItemSchema.extend({
  supplierCreditCode: z.string().nullable(),
  remark: z.string().nullable(),
  movements: z.array(statementMovementSchema),
  groups: z.array(statementGroupSchema),
  realTotalFen: z.number(),
  invoices: z.array(supplierInvoiceSchema),
  exceptions: z.array(statementExceptionSchema),
  /** The last check's outcome; null before the first. */
  matchResult: z.enum(MATCH_RESULTS).nullable(),
  confirmedAt: z.string().nullable(),
  receiptSha256: z.string().nullable(),
  /** The exact text the receipt's SHA-256 was taken of, once confirmed. */
  canonicalContent: z.string().nullable(),
  disputeReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  paidOn: z.string().nullable(),
  paidAmountFen: z.number().nullable(),
  paymentRef: z.string().nullable(),
  paymentReason: z.string().nullable(),
  history: z.array(statementHistorySchema),
  /** What the caller may do now (status machine, realm, four-eyes); permission codes are the page's to ask. */
  allowedActions: allowedActionsSchema(STATEMENT_ACTIONS),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const statementCancelRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('取消原因', 200) });
export const statementVersionRequest = z.strictObject({ id: idSchema, version: versionSchema });
export const matchResponse = z.object({ result: z.enum(MATCH_RESULTS), exceptions: z.array(statementExceptionSchema) });
export const resolveExceptionRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  key: text('异常', 200).min(1, '请选择异常'),
  decision: z.enum(['accept', 'reject'], '请选择接受或驳回'),
  reason: requiredMultilineText('处理原因', 200),
});
export const payRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  paidOn: calendarDate('付款日期'),
  amountFen: z.int('付款金额须为整数分').min(1, '付款金额须大于0').max(Number.MAX_SAFE_INTEGER, '付款金额过大'),
  paymentRef: text('付款流水号', 64, '请输入付款流水号').min(1, '请输入付款流水号'),
  /** Required when the amount differs from the statement's total. */
  reason: multilineText('差额原因', 200).nullish(),
});
export type StatementPayBody = z.input<typeof payRequest>;

const invoiceAmount = (label: string) => z.int(`${label}须为整数分`).min(0, `${label}不能为负`).max(1_000_000_000_000, `${label}过大`);

/**
 * An invoice as finance registers it or the supplier submits it. The number's form, the sum of
 * the amounts and the issue date are checked by `invoiceProblems` (server and forms alike), so
 * each refusal names its field.
 */
export const invoiceCreateRequest = z.strictObject({
  statementId: idSchema,
  invoiceNumber: z
    .string('请输入发票号码')
    .trim()
    .regex(/^\d{8}$|^\d{20}$/, '发票号码须为20位数电票号码或8位纸质发票号码'),
  invoiceCode: z
    .string()
    .trim()
    .regex(new RegExp(`^$|${PAPER_INVOICE_CODE.source}`), '发票代码须为10位或12位数字')
    .nullish(),
  invoiceType: z.enum(STATEMENT_INVOICE_TYPES, '请选择发票类型'),
  taxRatePercent: z.int('请选择税率').refine((r) => (TAX_RATES as readonly number[]).includes(r), '税率须为0、1、3、6、9或13'),
  issueDate: calendarDate('开票日期'),
  sellerTaxId: z.string('请输入销方税号').trim().toUpperCase().regex(TAX_ID_PATTERN, '销方税号须为15至20位数字或大写字母'),
  buyerTaxId: z.string('请输入购方税号').trim().toUpperCase().regex(TAX_ID_PATTERN, '购方税号须为15至20位数字或大写字母'),
  amountExclTaxFen: invoiceAmount('不含税金额'),
  taxFen: invoiceAmount('税额'),
  amountInclTaxFen: invoiceAmount('含税金额'),
});
export type InvoiceCreateBody = z.input<typeof invoiceCreateRequest>;
export const invoiceVoidRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('作废原因', 200) });

export const confirmReceiptSchema = z.object({ confirmedAt: z.string(), receiptSha256: z.string(), canonicalContent: z.string() });
export const statementDisputeRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  reason: requiredMultilineText('异议原因', 500),
  notes: z
    .array(z.strictObject({ movementId: idSchema, note: requiredMultilineText('明细说明', 200) }))
    .max(500, '明细说明不能超过500条')
    .optional(),
});

/** Columns of the statement export, in order. */
export const STATEMENT_EXPORT_COLUMNS = [
  '对账单号',
  '供应商',
  '对账期起',
  '对账期止',
  '状态',
  '修订',
  '货款(元)',
  '运费(元)',
  '退货(元)',
  '对账总额(元)',
  '创建人',
  '创建时间',
] as const;

export const supplierStatementApi = {
  create: endpoint('/admin/supplier_statement/create', statementCreateRequest, z.object({ id: z.number(), code: z.string() })),
  list: endpoint('/admin/supplier_statement/list', statementListRequest, pageResponse(statementItemSchema)),
  info: endpoint('/admin/supplier_statement/info', byIdRequest, statementDetailSchema),
  send: endpoint('/admin/supplier_statement/send', statementVersionRequest, idResponse),
  revise: endpoint('/admin/supplier_statement/revise', statementVersionRequest, idResponse),
  cancel: endpoint('/admin/supplier_statement/cancel', statementCancelRequest, idResponse),
  match: endpoint('/admin/supplier_statement/match', byIdRequest, matchResponse),
  resolveException: endpoint('/admin/supplier_statement/resolve_exception', resolveExceptionRequest, idResponse),
  approve: endpoint('/admin/supplier_statement/approve', statementVersionRequest, idResponse),
  pay: endpoint('/admin/supplier_statement/pay', payRequest, idResponse),
  export: endpoint('/admin/supplier_statement/export', statementExportRequest, fileResponse),
};

export const supplierInvoiceApi = {
  create: endpoint('/admin/supplier_invoice/create', invoiceCreateRequest, idResponse),
  void: endpoint('/admin/supplier_invoice/void', invoiceVoidRequest, idResponse),
};

export const portalStatementListRequest = z.strictObject({
  page: z.int().min(1).max(1_000_000).default(1),
  pageSize: z.int().min(1).max(200).default(20),
  status: statementStatusSchema.optional(),
});

/** The supplier portal's statements: the same shapes, only the caller's supplier's sent statements. */
export const portalStatementApi = {
  list: endpoint(PORTAL_PATHS.statementList, portalStatementListRequest, pageResponse(statementItemSchema)),
  info: endpoint(PORTAL_PATHS.statementInfo, byIdRequest, statementDetailSchema),
  confirm: endpoint(PORTAL_PATHS.statementConfirm, statementVersionRequest, confirmReceiptSchema),
  dispute: endpoint(PORTAL_PATHS.statementDispute, statementDisputeRequest, idResponse),
  submitInvoice: endpoint(PORTAL_PATHS.invoiceSubmit, invoiceCreateRequest, idResponse),
};
