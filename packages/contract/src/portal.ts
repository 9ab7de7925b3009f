/**
 * The supplier portal (docs/portal.md): portal accounts kept by staff, the portal's own realm under
 * /api/portal (login, RFQs, quoting, clarifications) and the clarifications staff answer.
 */
import { z } from 'zod';
import { emailSchema, newPasswordSchema, passwordSchema } from './auth';
import { emptyResponse, idSchema, pageResponse, requiredMultilineText, requiredText, versionSchema } from './common';
import { endpoint } from './endpoint';
import { PORTAL_PATHS } from './portal-paths';
import { freightEstimateResponse } from './freight/api';
import { PHONE_PATTERN } from './validation';
import { invitationStatusSchema, noInvoiceNoTax, procurementStatusSchema, quoteAnswerFields, quoteFields, quoteLineInput } from './procurement/task';
import { PORTAL_ACCOUNT_STATUSES } from './portal-vocabulary';
import { AWARD_OUTCOMES } from './procurement/vocabulary';

// Portal accounts (staff side) -------------------------------------------------------------------

export const portalAccountStatusSchema = z.enum(PORTAL_ACCOUNT_STATUSES);
/** How long an activation link stays valid. */
export const ACTIVATION_LINK_HOURS = 72;

export const portalAccountCreateRequest = z.strictObject({
  supplierId: idSchema,
  email: emailSchema,
  name: requiredText('姓名', 50),
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, '请输入有效的手机号或固话（如 13800138000、0571-88886666）')
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export const portalAccountListRequest = z.strictObject({
  supplierId: idSchema,
  page: z.int().min(1).max(1_000_000).default(1),
  pageSize: z.int().min(1).max(200).default(20),
});
export const portalAccountSchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: portalAccountStatusSchema,
  lastLoginAt: z.string().nullable(),
  /** When the current activation link stops working; null once activated or without a link. */
  activationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type PortalAccount = z.infer<typeof portalAccountSchema>;
export const portalAccountByIdVersion = z.strictObject({ id: idSchema, version: versionSchema });
/** `activationUrl` is a path, `/portal/activate?token=…`, shown once. */
export const activationLinkResponse = z.object({ id: z.number(), activationUrl: z.string() });

export const portalAccountApi = {
  create: endpoint('/admin/portal_account/create', portalAccountCreateRequest, activationLinkResponse),
  list: endpoint('/admin/portal_account/list', portalAccountListRequest, pageResponse(portalAccountSchema)),
  disable: endpoint('/admin/portal_account/disable', portalAccountByIdVersion, z.object({ id: z.number() })),
  enable: endpoint('/admin/portal_account/enable', portalAccountByIdVersion, z.object({ id: z.number() })),
  reissue: endpoint('/admin/portal_account/reissue', portalAccountByIdVersion, activationLinkResponse),
};

// Clarifications (staff side) ----------------------------------------------------------------------

export const clarificationListRequest = z.strictObject({ taskId: idSchema });
export const clarificationSchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
  version: z.number(),
});
export type Clarification = z.infer<typeof clarificationSchema>;
export const clarificationAnswerRequest = z.strictObject({ id: idSchema, version: versionSchema, answer: requiredMultilineText('答复', 1000) });

export const clarificationApi = {
  list: endpoint('/admin/clarification/list', clarificationListRequest, z.array(clarificationSchema)),
  answer: endpoint('/admin/clarification/answer', clarificationAnswerRequest, z.object({ id: z.number() })),
};

// The portal realm (/api/portal) ----------------------------------------------------------------------

export const portalActivateRequest = z.strictObject({
  token: z.string('激活链接无效或已过期').min(1, '激活链接无效或已过期').max(200),
  password: newPasswordSchema,
});
/** Whom a one-time activation link is for, shown before the password is set. */
export const portalActivationInfoRequest = z.strictObject({
  token: z.string('激活链接无效或已过期').min(1, '激活链接无效或已过期').max(200),
});
export const portalActivationInfoSchema = z.object({ email: z.string(), name: z.string(), supplierName: z.string() });
export const portalLoginRequest = z.strictObject({ email: emailSchema, password: passwordSchema });
export const portalLoginResponse = z.object({ token: z.string(), accountId: z.number() });
export const portalAccountInfoSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
});

export const rfqListRequest = z.strictObject({
  page: z.int().min(1).max(1_000_000).default(1),
  pageSize: z.int().min(1).max(200).default(20),
});
export const rfqListItemSchema = z.object({
  taskId: z.number(),
  code: z.string(),
  name: z.string(),
  quoteDeadline: z.string(),
  status: procurementStatusSchema,
  sealed: z.boolean(),
  invitationStatus: invitationStatusSchema,
  lineCount: z.number(),
  /** After the award: this supplier's own outcome (中标 / 部分中标 / 未中标); null before it, or when it declined. */
  outcome: z.enum(AWARD_OUTCOMES).nullable(),
});
export type RfqListItem = z.infer<typeof rfqListItemSchema>;

export const rfqByTaskRequest = z.strictObject({ taskId: idSchema });

export const rfqLineSchema = z.object({
  id: z.number(),
  commodityName: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
});
/** The supplier's own quote as the portal shows it back; `enteredByBuyer`: the buyer typed this revision in 报价维护 (代录). */
export const portalQuoteSchema = z.object(quoteAnswerFields);
export const quoteRevisionSchema = z.object({
  revision: z.number(),
  submittedAt: z.string(),
  receiptSha256: z.string(),
  /** The exact text whose SHA-256 is `receiptSha256` (docs/portal.md, "Receipts"). */
  canonicalContent: z.string(),
  enteredByBuyer: z.boolean(),
});
export const portalClarificationSchema = z.object({
  id: z.number(),
  question: z.string(),
  answer: z.string().nullable(),
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
  mine: z.boolean(),
});
export const rfqOutcomeSchema = z.object({
  lines: z.array(z.object({ taskLineId: z.number(), won: z.boolean(), quantity: z.number(), unitPriceFen: z.number().nullable() })),
});
export const rfqInfoSchema = z.object({
  task: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    status: procurementStatusSchema,
    sealed: z.boolean(),
    quoteDeadline: z.string(),
    deliveryRegionCode: z.string(),
    deliveryRegionName: z.string(),
    requiredBy: z.string().nullable(),
    lines: z.array(rfqLineSchema),
  }),
  invitationStatus: invitationStatusSchema,
  declineReason: z.string().nullable(),
  quote: portalQuoteSchema.nullable(),
  revisions: z.array(quoteRevisionSchema),
  clarifications: z.array(portalClarificationSchema),
  outcome: rfqOutcomeSchema.nullable(),
  /** Server time, so the countdown does not trust the phone's clock. */
  serverNow: z.string(),
});
export type RfqInfo = z.infer<typeof rfqInfoSchema>;

/** The staff's quote request's base (`quoteFields`) with the task alone: the supplier is the caller, the date today. */
export const portalQuoteSubmitRequest = z
  .strictObject({ taskId: idSchema, ...quoteFields, lines: z.array(quoteLineInput).min(1, '请至少报价一行').max(200) })
  .superRefine(noInvoiceNoTax);
export const quoteReceiptSchema = z.object({
  id: z.number(),
  revision: z.number(),
  submittedAt: z.string(),
  receiptSha256: z.string(),
});
export const portalDeclineRequest = z.strictObject({ taskId: idSchema, reason: requiredMultilineText('放弃原因', 200) });
export const portalEstimateRequest = z.strictObject({
  taskId: idSchema,
  /** Prices typed so far, so a free-shipping row by amount can apply; omitted: none. */
  lines: z
    .array(z.strictObject({ taskLineId: idSchema, unitPriceFen: z.int().min(0).max(100_000_000_000).nullable() }))
    .max(200)
    .optional(),
});
export const clarificationAskRequest = z.strictObject({ taskId: idSchema, question: requiredMultilineText('问题', 1000) });

export const portalApi = {
  activate: endpoint(PORTAL_PATHS.activate, portalActivateRequest, emptyResponse),
  activationInfo: endpoint(PORTAL_PATHS.activationInfo, portalActivationInfoRequest, portalActivationInfoSchema),
  login: endpoint(PORTAL_PATHS.login, portalLoginRequest, portalLoginResponse),
  logout: endpoint(PORTAL_PATHS.logout, z.strictObject({}), emptyResponse),
  accountInfo: endpoint(PORTAL_PATHS.accountInfo, z.strictObject({}), portalAccountInfoSchema),
  rfqList: endpoint(PORTAL_PATHS.rfqList, rfqListRequest, pageResponse(rfqListItemSchema)),
  rfqInfo: endpoint(PORTAL_PATHS.rfqInfo, rfqByTaskRequest, rfqInfoSchema),
  submitQuote: endpoint(PORTAL_PATHS.submitQuote, portalQuoteSubmitRequest, quoteReceiptSchema),
  declineQuote: endpoint(PORTAL_PATHS.declineQuote, portalDeclineRequest, emptyResponse),
  estimateFreight: endpoint(PORTAL_PATHS.estimateFreight, portalEstimateRequest, freightEstimateResponse),
  ask: endpoint(PORTAL_PATHS.ask, clarificationAskRequest, z.object({ id: z.number() })),
};

/** Messages the portal shows as they are (the server answers them with code 400 / 409). */
export const PORTAL_MESSAGES = {
  activationInvalid: '激活链接无效或已过期',
  deadlinePassed: '报价已截止',
  sealedCloseQuote: '密封报价请使用提前开标',
} as const;
