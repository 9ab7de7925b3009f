import { z } from 'zod';
import {
  allowedActionsSchema,
  byIdRequest,
  byIdVersionRequest,
  calendarDate,
  dateTime,
  fileResponse,
  idResponse,
  idSchema,
  LINE_AMOUNT_MESSAGE,
  lineAmountTooLarge,
  multilineText,
  pageRequest,
  pageResponse,
  requiredMultilineText,
  requiredText,
  selectedIdsSchema,
  text,
  versionSchema,
  updateFields,
} from '../common';
import { endpoint } from '../endpoint';
import { REGION_CODE_6 } from '../validation';
import { PROCUREMENT_STATUSES, INVITATION_STATUSES, QUOTE_STATUSES, PROCUREMENT_ACTIONS } from './vocabulary';
import { DEFAULT_INVOICE_TYPE, DEFAULT_TAX_RATE, INVOICE_TYPES, type InvoiceType, TAX_RATES, TAXPAYER_TYPES } from './vat';

export const procurementStatusSchema = z.enum(PROCUREMENT_STATUSES);
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);

const moneyFen = (label: string) => z.int(`${label}须为整数分`).min(0, `${label}不能为负数`).max(100_000_000_000, `${label}过大`);

export const taskLineInput = z
  .strictObject({
    commodityId: idSchema,
    quantity: z.int('数量须为整数').min(1, '数量须大于0').max(100_000_000, '数量过大'),
    targetPriceFen: moneyFen('目标单价').nullish(),
    planLineId: idSchema.nullish(),
    remark: multilineText('备注', 200).nullish(),
  })
  .refine((line) => !lineAmountTooLarge(line.quantity, line.targetPriceFen), { message: LINE_AMOUNT_MESSAGE, path: ['targetPriceFen'] });

const taskFields = {
  name: requiredText('任务名称', 100),
  planId: idSchema.nullish(),
  buyerId: idSchema,
  quoteDeadline: dateTime('请选择报价截止时间'),
  deliveryRegionCode: z.string('请选择交货地区').regex(REGION_CODE_6, '请选择交货地区'),
  /** 收货仓库 (its code): optional for API clients, required in the form; an update without it keeps it. */
  warehouseCode: text('收货仓库', 40).nullish(),
  requiredBy: calendarDate('需求日期').nullish(),
  remark: multilineText('备注', 500).nullish(),
  lines: z.array(taskLineInput).min(1, '请至少添加一行商品').max(200, '商品行不能超过200行'),
  supplierIds: z.array(idSchema).max(50, '邀请供应商不能超过50家').default([]),
  /** 密封报价: no price of the task's quotes is readable until its deadline or an audited unseal. */
  sealed: z.boolean('请选择是否密封报价').default(true),
};
export const taskCreateRequest = z.strictObject(taskFields);
export const taskUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...updateFields(taskFields) });

const taskFilter = {
  keyword: text('关键字', 50).optional(),
  status: procurementStatusSchema.optional(),
  buyerId: idSchema.optional(),
  planId: idSchema.optional(),
  /** The source plan by its code (exact), as the list's plan picker stores it in the URL. */
  planCode: text('计划编号', 50).optional(),
  supplierId: idSchema.optional(),
  deadlineFrom: dateTime('时间格式有误').optional(),
  deadlineTo: dateTime('时间格式有误').optional(),
  /** Only these tasks (导出选中). */
  ids: selectedIdsSchema.optional(),
};
export const taskListRequest = pageRequest(['code', 'name', 'quoteDeadline', 'updatedAt', 'awardedAmountFen']).extend(taskFilter);
export const taskExportRequest = z.strictObject(taskFilter);

export const taskListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  planId: z.number().nullable(),
  planCode: z.string().nullable(),
  buyerId: z.number(),
  buyerName: z.string(),
  quoteDeadline: z.string(),
  deliveryRegionCode: z.string(),
  deliveryRegionName: z.string(),
  warehouseCode: z.string().nullable(),
  warehouseName: z.string().nullable(),
  requiredBy: z.string().nullable(),
  status: procurementStatusSchema,
  sealed: z.boolean(),
  /** When a sealed task's prices became readable (deadline or 提前开标); null while sealed or unsealed-by-design. */
  unsealedAt: z.string().nullable(),
  lineCount: z.number(),
  invitedCount: z.number(),
  quotedCount: z.number(),
  /** 定标货值: Σ awarded unit price × bought quantity (goods only). */
  awardedGoodsFen: z.number().nullable(),
  /** 运费: the awarded freight. */
  awardedFreightFen: z.number().nullable(),
  /** 到货成本: goods + freight. */
  awardedAmountFen: z.number().nullable(),
  remark: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProcurementTaskListItem = z.infer<typeof taskListItemSchema>;

/**
 * Plans by code or name: by default the plans tasks were created from (the list's filter); with
 * `open`, the plans a new task may name as its source (采购中).
 */
export const taskPlanOptionsRequest = z.strictObject({ keyword: text('关键字', 50).optional(), open: z.boolean().optional() });
export const taskPlanOptionSchema = z.object({ planId: z.number(), code: z.string(), name: z.string() });
export type TaskPlanOption = z.infer<typeof taskPlanOptionSchema>;

/** A source plan's lines still to procure, to bring into a task (`exceptTaskId`: the task being edited). */
export const taskPlanLinesRequest = z.strictObject({ planId: idSchema, exceptTaskId: idSchema.optional() });
export const taskPlanLineSchema = z.object({
  planLineId: z.number(),
  commodityId: z.number(),
  skuCode: z.string(),
  commodityName: z.string(),
  plannedQuantity: z.number(),
  /** Planned less what the plan's other tasks (not cancelled) already cover; always > 0. */
  openQuantity: z.number(),
  budgetUnitPriceFen: z.number(),
});
export type TaskPlanLine = z.infer<typeof taskPlanLineSchema>;

export const taskLineSchema = z.object({
  id: z.number(),
  commodityId: z.number(),
  skuCode: z.string(),
  commodityName: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  targetPriceFen: z.number().nullable(),
  planLineId: z.number().nullable(),
  remark: z.string().nullable(),
  awardedSupplierId: z.number().nullable(),
  awardedUnitPriceFen: z.number().nullable(),
  /** Bought quantity of the award (the MOQ when it exceeded the required quantity). */
  awardedQuantity: z.number().nullable(),
});
export const invitedSupplierSchema = z.object({
  supplierId: z.number(),
  code: z.string(),
  name: z.string(),
  supplierStatus: z.string(),
  invitationStatus: invitationStatusSchema,
});
export const taskDetailSchema = taskListItemSchema.extend({
  lines: z.array(taskLineSchema),
  suppliers: z.array(invitedSupplierSchema),
  /**
   * The actions the caller may perform on the task now: the status machine and sealing (关闭报价
   * waits for a sealed task's opening; 提前开标 is for a sealed one only), as the server checks them
   * when the call comes. Permission codes are not counted: the page asks `<Can>` for those.
   */
  allowedActions: allowedActionsSchema(PROCUREMENT_ACTIONS),
  /** 提前开标: why and by whom the task was opened before its deadline; null when the deadline opened it. */
  unsealReason: z.string().nullable(),
  unsealedByName: z.string().nullable(),
});
export type ProcurementTaskDetail = z.infer<typeof taskDetailSchema>;

export const taskTransitionRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: multilineText('原因', 200).nullish() });
/** 提前开标: ends a sealed task's quoting before its deadline; the reason is audited. */
export const unsealRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('开标原因', 200) });
export const rejectAwardRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('驳回原因', 200) });

// Quotations -----------------------------------------------------------------------------------

export const quoteLineInput = z.strictObject({
  taskLineId: idSchema,
  /** null: this line is not quoted (flagged as missing, never read as zero). */
  unitPriceFen: moneyFen('单价').nullable(),
  moq: z.int('起订量须为整数').min(1, '起订量须大于0').max(100_000_000).nullish(),
  leadTimeDays: z.int('交期须为整数天').min(0, '交期不能为负数').max(3650, '交期不能超过3650天').nullish(),
  remark: multilineText('备注', 200).nullish(),
});
export const freightModeSchema = z.enum(['manual', 'estimated']);
export const invoiceTypeSchema = z.enum(INVOICE_TYPES, '请选择发票类型');
export const quoteTaxRateSchema = z
  .int('税率须为整数')
  .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), `税率须为 ${TAX_RATES.join('、')}（%）之一`);
/**
 * What a quote says, the base of both requests that carry one: staff's 代录 (`quoteSaveRequest`) and
 * a supplier's portal submission (`portalQuoteSubmitRequest`), each adding its own fields.
 */
export const quoteFields = {
  validUntil: calendarDate('有效期至'),
  /** 发票类型; a quote saved without one is a special invoice. */
  invoiceType: invoiceTypeSchema.default(DEFAULT_INVOICE_TYPE),
  /** 税率 (%), one of TAX_RATES; 0 when there is no invoice. Tax-inclusive prices and freight. */
  taxRatePercent: quoteTaxRateSchema.default(DEFAULT_TAX_RATE),
  freightMode: freightModeSchema,
  /** Typed freight (manual); ignored when estimated, the server works it out from the supplier's template. */
  freightFen: moneyFen('运费').nullish(),
  remark: multilineText('备注', 500).nullish(),
  lines: z.array(quoteLineInput).max(200),
};
/** A quote without an invoice carries no tax: the check both quote requests run on the whole. */
export function noInvoiceNoTax(quote: { invoiceType: InvoiceType; taxRatePercent: number }, ctx: z.RefinementCtx) {
  if (quote.invoiceType === 'none' && quote.taxRatePercent !== 0) {
    ctx.addIssue({ code: 'custom', path: ['taxRatePercent'], message: '不开票的报价税率须为0' });
  }
}
export const quoteSaveRequest = z
  .strictObject({
    taskId: idSchema,
    supplierId: idSchema,
    /** The quote's version when editing an existing one; omitted for the first entry. */
    version: versionSchema.nullish(),
    quoteDate: calendarDate('报价日期'),
    ...quoteFields,
  })
  .superRefine(noInvoiceNoTax);
export const quoteDeclineRequest = z.strictObject({
  taskId: idSchema,
  supplierId: idSchema,
  reason: multilineText('放弃原因', 200).nullish(),
});
export const quoteEstimateRequest = z.strictObject({
  taskId: idSchema,
  supplierId: idSchema,
  lines: z.array(z.strictObject({ taskLineId: idSchema, unitPriceFen: moneyFen('单价').nullable() })).max(200),
});
export const quoteEstimateResponse = z.object({
  freightFen: z.number().nullable(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  destination: z.string(),
  destinationName: z.string(),
  chargeMode: z.string().nullable(),
  matchedBy: z.string().nullable(),
  q: z.number().nullable(),
  free: z.boolean(),
  formula: z.string().nullable(),
  freeNote: z.string().nullable(),
  error: z.string().nullable(),
});
export type QuoteEstimate = z.infer<typeof quoteEstimateResponse>;

export const quoteLineSchema = z.object({
  taskLineId: z.number(),
  unitPriceFen: z.number().nullable(),
  moq: z.number().nullable(),
  leadTimeDays: z.number().nullable(),
  remark: z.string().nullable(),
});
/**
 * What a kept quote says, as both of its readers see it: the buyer's 报价维护 (`quotationSchema`) and
 * the supplier's own view in the portal (`portalQuoteSchema`), each adding its own fields.
 */
export const quoteAnswerFields = {
  id: z.number(),
  validUntil: z.string(),
  invoiceType: invoiceTypeSchema,
  taxRatePercent: z.number(),
  freightMode: freightModeSchema,
  freightFen: z.number(),
  /** The working of an estimated freight, as the 配送费用估算 page shows it. */
  freightFormula: z.string().nullable(),
  remark: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  /** The revision that counts (1, 2, …): each portal submission or buyer entry adds one. */
  revision: z.number(),
  submittedAt: z.string(),
  /** Typed by the buyer in 报价维护 (代录) rather than submitted through the portal. */
  enteredByBuyer: z.boolean(),
};
export const quotationSchema = z.object({
  ...quoteAnswerFields,
  code: z.string(),
  quoteDate: z.string(),
  /** Shown status: an unawarded quote whose valid-until has passed reads 已过期. */
  status: quoteStatusSchema,
  version: z.number(),
  updatedAt: z.string(),
  sealed: z.literal(false),
});
export type Quotation = z.infer<typeof quotationSchema>;
/** A quote of a sealed task while it is quoting: who, when and which revision, nothing else. */
export const sealedQuotationSchema = z.object({
  id: z.number(),
  code: z.string(),
  revision: z.number(),
  submittedAt: z.string(),
  enteredByBuyer: z.boolean(),
  sealed: z.literal(true),
});
export type SealedQuotation = z.infer<typeof sealedQuotationSchema>;
/** One kept revision of a supplier's quote; its receipt (digest and the text digested) is shown once the task is unsealed. */
export const quotationRevisionSchema = z.object({
  revision: z.number(),
  submittedAt: z.string(),
  enteredByBuyer: z.boolean(),
  receiptSha256: z.string().nullable(),
  /** The exact text whose SHA-256 is `receiptSha256` (docs/portal.md, "Receipts"). */
  canonicalContent: z.string().nullable(),
});

// Comparison and award ---------------------------------------------------------------------------

export const awardLineSchema = z.object({
  taskLineId: z.number(),
  supplierId: z.number(),
  /** Required quantity. */
  quantity: z.number(),
  /** Bought quantity: the supplier's MOQ when it exceeds the required quantity. */
  boughtQuantity: z.number(),
  unitPriceFen: z.number(),
  amountFen: z.number(),
  freightShareFen: z.number(),
  /** 可抵扣进项税 of the line (goods + freight share), fixed at the award. */
  deductibleVatFen: z.number(),
  reason: z.string().nullable(),
});
export const awardSchema = z.object({
  /** 定标货值 (goods only). */
  goodsFen: z.number(),
  /** 运费. */
  freightFen: z.number(),
  /** 到货成本: goods + freight. */
  totalFen: z.number(),
  /** 可抵扣进项税 of the award. */
  deductibleVatFen: z.number(),
  /** 实际到货成本: 到货成本 − 可抵扣进项税. */
  realTotalFen: z.number(),
  awardedAt: z.string(),
  awardedBy: z.string().nullable(),
  /** The user who made the award: 定标审批 is someone else's. */
  awardedById: z.number().nullable(),
  /** 定标审批: who approved an award that needed it, and when; null when none was needed (or not yet given). */
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  lines: z.array(awardLineSchema),
});

const compareCellSchema = z.object({
  supplierId: z.number(),
  unitPriceFen: z.number().nullable(),
  amountFen: z.number().nullable(),
  moq: z.number().nullable(),
  leadTimeDays: z.number().nullable(),
  missing: z.boolean(),
  belowMoq: z.boolean(),
  boughtQuantity: z.number(),
  lowestPrice: z.boolean(),
  earliestLead: z.boolean(),
  freightShareFen: z.number().nullable(),
  landedFen: z.number().nullable(),
  realAmountFen: z.number().nullable(),
  realFreightShareFen: z.number().nullable(),
  realLandedFen: z.number().nullable(),
});

/** The comparison matrix as `compareQuotes` works it (docs/procurement.md, "Comparison"). */
export const compareResultSchema = z.object({
  rows: z.array(
    z.object({
      lineId: z.number(),
      quantity: z.number(),
      targetPriceFen: z.number().nullable(),
      cells: z.array(compareCellSchema),
      lowestUnitPriceFen: z.number().nullable(),
      realLowestAmountFen: z.number().nullable(),
      earliestLeadTimeDays: z.number().nullable(),
      averageAmountFen: z.number().nullable(),
      realAverageAmountFen: z.number().nullable(),
      recommendedSupplierId: z.number().nullable(),
      savingVsTargetFen: z.number().nullable(),
      savingVsAverageFen: z.number().nullable(),
      realSavingVsAverageFen: z.number().nullable(),
    }),
  ),
  suppliers: z.array(
    z.object({
      supplierId: z.number(),
      eligible: z.boolean(),
      pricedLines: z.number(),
      missingLines: z.number(),
      complete: z.boolean(),
      goodsTotalFen: z.number(),
      freightFen: z.number(),
      landedTotalFen: z.number(),
      realGoodsTotalFen: z.number(),
      realFreightFen: z.number(),
      realLandedTotalFen: z.number(),
      lowestLanded: z.boolean(),
      savingVsTargetFen: z.number().nullable(),
    }),
  ),
  savingVsTargetFen: z.number().nullable(),
  savingVsAverageFen: z.number().nullable(),
  realSavingVsAverageFen: z.number().nullable(),
  taxpayer: z.enum(TAXPAYER_TYPES),
});

export const maintainViewSchema = z.object({
  task: taskDetailSchema,
  suppliers: z.array(
    invitedSupplierSchema.extend({
      priceTemplateId: z.number().nullable(),
      priceTemplateName: z.string().nullable(),
      declineReason: z.string().nullable(),
      quote: z.discriminatedUnion('sealed', [quotationSchema, sealedQuotationSchema]).nullable(),
      revisions: z.array(quotationRevisionSchema),
    }),
  ),
  /** The company's 纳税人类型, which the comparison's real costs are worked for (compareMaintainView). */
  taxpayer: z.enum(TAXPAYER_TYPES),
  award: awardSchema.nullable(),
  /** Server time, so the page's countdown does not trust the browser clock. */
  serverNow: z.string(),
  /**
   * The comparison of the competing quotes, worked by `compareMaintainView` from the fields above
   * (the export and the award use the same). While the task is sealed no quote competes, so it
   * holds no quoted figure.
   */
  comparison: compareResultSchema,
});
export type MaintainView = z.infer<typeof maintainViewSchema>;

export const awardRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  lines: z
    .array(z.strictObject({ taskLineId: idSchema, supplierId: idSchema, reason: multilineText('定标理由', 200).nullish() }))
    .min(1, '请为每行选择中标供应商')
    .max(200),
});

export const procurementTaskApi = {
  list: endpoint('/admin/procurement_task/list', taskListRequest, pageResponse(taskListItemSchema)),
  info: endpoint('/admin/procurement_task/info', byIdRequest, taskDetailSchema),
  planOptions: endpoint('/admin/procurement_task/plan_options', taskPlanOptionsRequest, z.array(taskPlanOptionSchema)),
  planLines: endpoint('/admin/procurement_task/plan_lines', taskPlanLinesRequest, z.array(taskPlanLineSchema)),
  create: endpoint('/admin/procurement_task/create', taskCreateRequest, idResponse),
  update: endpoint('/admin/procurement_task/update', taskUpdateRequest, idResponse),
  delete: endpoint('/admin/procurement_task/delete', byIdVersionRequest, z.null()),
  publish: endpoint('/admin/procurement_task/publish', taskTransitionRequest, idResponse),
  closeQuote: endpoint('/admin/procurement_task/close_quote', taskTransitionRequest, idResponse),
  cancel: endpoint('/admin/procurement_task/cancel', taskTransitionRequest, idResponse),
  complete: endpoint('/admin/procurement_task/complete', taskTransitionRequest, idResponse),
  export: endpoint('/admin/procurement_task/export', taskExportRequest, fileResponse),
  compare: endpoint('/admin/procurement_task/compare', byIdRequest, maintainViewSchema),
  /** `status`: 已定标, or 定标待审批 when the award reached the approval threshold. */
  award: endpoint('/admin/procurement_task/award', awardRequest, idResponse.extend({ status: procurementStatusSchema })),
  exportCompare: endpoint('/admin/procurement_task/export_compare', byIdRequest, fileResponse),
  unseal: endpoint('/admin/procurement_task/unseal', unsealRequest, idResponse),
  approveAward: endpoint('/admin/procurement_task/approve_award', byIdVersionRequest, idResponse),
  rejectAward: endpoint('/admin/procurement_task/reject_award', rejectAwardRequest, idResponse),
};

export const quotationApi = {
  save: endpoint('/admin/quotation/save', quoteSaveRequest, idResponse),
  decline: endpoint('/admin/quotation/decline', quoteDeclineRequest, idResponse),
  estimateFreight: endpoint('/admin/quotation/estimate_freight', quoteEstimateRequest, quoteEstimateResponse),
};
