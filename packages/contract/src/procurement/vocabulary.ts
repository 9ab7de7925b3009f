import type { AuditVocabulary } from '../audit';
import { actionsOf, type StatusMachine, transitionAllowed } from '../status-machine';
import { formatDateTime } from '../time';
import { INVOICE_TYPE_LABELS } from './vat';

// A procurement task's statuses, its machine and their words, apart from the schemas: the supplier
// portal reads them without loading zod (docs/web-guide.md, "Portal").

export const PROCUREMENT_STATUSES = ['draft', 'quoting', 'evaluating', 'award_pending', 'awarded', 'completed', 'cancelled'] as const;
export type ProcurementStatus = (typeof PROCUREMENT_STATUSES)[number];
export const PROCUREMENT_STATUS_LABELS: Record<ProcurementStatus, string> = {
  draft: '草稿',
  quoting: '报价中',
  evaluating: '待定标',
  award_pending: '定标待审批',
  awarded: '已定标',
  completed: '已完成',
  cancelled: '已取消',
};
/** Tag colours of the statuses (the `procurement_status` dictionary is seeded with them). */
export const PROCUREMENT_STATUS_COLORS: Record<ProcurementStatus, string> = {
  draft: 'default',
  quoting: 'processing',
  evaluating: 'warning',
  award_pending: 'purple',
  awarded: 'cyan',
  completed: 'success',
  cancelled: 'volcano',
};

export const INVITATION_STATUSES = ['pending', 'received', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = { pending: '待报价', received: '已报价', declined: '已放弃' };
export const INVITATION_STATUS_COLORS: Record<InvitationStatus, string> = { pending: 'warning', received: 'success', declined: 'default' };

export const QUOTE_STATUSES = ['draft', 'submitted', 'awarded', 'partially_awarded', 'lost', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  awarded: '中标',
  partially_awarded: '部分中标',
  lost: '未中标',
  expired: '已过期',
};
export const QUOTE_STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  awarded: 'success',
  partially_awarded: 'cyan',
  lost: 'default',
  expired: 'error',
};

/**
 * The status machine (docs/procurement.md, "Task status"): for each action, the statuses it may
 * start from and the one it leads to. 录入报价 (a buyer's 代录, a portal submission or decline) leaves
 * the task as it is; 提前开标 ends quoting as 关闭报价 does, for a sealed task only;
 * the deadline job (auto_close_quote) and the orders' settlement (auto_complete) move a task the way
 * 关闭报价 and 完成 do; a reversal or a shipped return that re-opens one of its orders takes a task
 * its orders completed back the way 完成 came (auto_reopen, docs/rules/orders.md).
 */
/**
 * Whether a task's quotes are sealed now, as both front ends show it (docs/portal.md, "Sealed
 * quoting"): a sealed task while it is quoting and not yet opened early; the deadline or 提前开标
 * opens it. A task whose answer has no `unsealedAt` (the portal's) is open once quoting ends.
 */
export function sealedNow(task: { sealed: boolean; status: ProcurementStatus; unsealedAt?: string | null }): boolean {
  return task.sealed && task.unsealedAt == null && task.status === 'quoting';
}

/**
 * The line 报价维护 and the printed 比价审批单 show after a 提前开标: when, by whom and why. Null when
 * the task was not opened early (the deadline opened it, or it was never sealed).
 */
export function earlyOpeningLine(task: { unsealedAt: string | null; unsealedByName: string | null; unsealReason: string | null }): string | null {
  if (!task.unsealedAt || !task.unsealedByName) return null;
  return `已于 ${formatDateTime(task.unsealedAt)} 由 ${task.unsealedByName} 提前开标，原因：${task.unsealReason || '-'}`;
}

export const PROCUREMENT_TRANSITIONS = {
  edit: { from: ['draft'], to: null },
  delete: { from: ['draft'], to: null },
  publish: { from: ['draft'], to: 'quoting' },
  quote: { from: ['quoting'], to: null },
  close_quote: { from: ['quoting'], to: 'evaluating' },
  unseal: { from: ['quoting'], to: 'evaluating' },
  cancel: { from: ['draft', 'quoting', 'evaluating'], to: 'cancelled' },
  // 定标: 已定标, or 定标待审批 when the award reaches the approval threshold (docs/procurement.md, "Award approval").
  award: { from: ['evaluating'], to: ['awarded', 'award_pending'] },
  approve_award: { from: ['award_pending'], to: 'awarded' },
  reject_award: { from: ['award_pending'], to: 'evaluating' },
  complete: { from: ['awarded'], to: 'completed' },
} as const satisfies StatusMachine<ProcurementStatus>;
export type ProcurementAction = keyof typeof PROCUREMENT_TRANSITIONS;
export const PROCUREMENT_ACTIONS = actionsOf(PROCUREMENT_TRANSITIONS);

export const PROCUREMENT_ACTION_LABELS: Record<ProcurementAction, string> = {
  edit: '编辑',
  delete: '删除',
  publish: '发布',
  quote: '录入报价',
  close_quote: '关闭报价',
  cancel: '取消',
  award: '定标',
  complete: '完成',
  unseal: '提前开标',
  approve_award: '审批通过定标',
  reject_award: '驳回定标',
};

export const procurementActionAllowed = (action: ProcurementAction, status: ProcurementStatus) =>
  transitionAllowed(PROCUREMENT_TRANSITIONS, action, status);

// A quote's audit rows are the quotation area's (QUOTATION_AUDIT), never the task's.
const { quote: _quote, ...TASK_AUDIT_ACTION_LABELS } = PROCUREMENT_ACTION_LABELS;

/** How a supplier's quote came out of an award (written to the award's audit row). */
export const AWARD_OUTCOMES = ['won', 'partial', 'lost'] as const;
export type AwardOutcome = (typeof AWARD_OUTCOMES)[number];
export const AWARD_OUTCOME_LABELS: Record<AwardOutcome, string> = { won: '中标', partial: '部分中标', lost: '未中标' };
export const AWARD_OUTCOME_COLORS: Record<AwardOutcome, string> = { won: 'success', partial: 'warning', lost: 'default' };

/** Fields of a task's and a quotation's lines, as their audit rows hold them. */
const PROCUREMENT_LINE_FIELDS: Record<string, string> = {
  lineId: '明细行',
  taskLineId: '明细行',
  commodityId: '商品',
  supplierId: '供应商',
  quantity: '数量',
  targetPriceFen: '目标单价',
  planLineId: '计划明细',
  unitPriceFen: '单价',
  amountFen: '金额',
  freightShareFen: '分摊运费',
  realLandedFen: '实际到货成本',
  deductibleVatFen: '可抵扣进项税',
  notLowest: '非最低价',
  reason: '定标理由',
  skuCode: 'SKU编码',
  commodityName: '商品名称',
  supplierName: '供应商',
  boughtQuantity: '采购数量',
  moq: '起订量',
  leadTimeDays: '交期(天)',
};

/** The procurement task area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const PROCUREMENT_TASK_AUDIT: AuditVocabulary = {
  module: 'procurement_task',
  label: '采购任务',
  actions: {
    create: '新建',
    update: '编辑',
    ...TASK_AUDIT_ACTION_LABELS,
    auto_close_quote: '报价截止自动关闭',
    auto_complete: '订单完结，自动完成',
    auto_reopen: '订单重新待收货，回到已定标',
  },
  fields: {
    ...PROCUREMENT_LINE_FIELDS,
    code: '任务编号',
    name: '任务名称',
    planId: '来源计划',
    buyerId: '采购员',
    quoteDeadline: '报价截止时间',
    deliveryRegionCode: '交货地区',
    warehouseCode: '收货仓库',
    requiredBy: '需求日期',
    statusReason: '状态原因',
    awardedAmountFen: '到货成本(含税)',
    awardedAt: '定标时间',
    awardedBy: '定标人',
    supplierIds: '邀请供应商',
    totalFen: '到货成本(含税)',
    realTotalFen: '实际到货成本',
    outcomes: '各供应商结果',
    sealed: '密封报价',
    unsealedAt: '开标时间',
    unsealedBy: '提前开标人',
    unsealReason: '开标原因',
    awardedById: '定标人ID',
    awardApprovedBy: '定标审批人',
    awardApprovedAt: '定标审批时间',
    outcome: '结果',
  },
  values: { status: PROCUREMENT_STATUS_LABELS, outcomes: AWARD_OUTCOME_LABELS, outcome: AWARD_OUTCOME_LABELS },
  statusColors: PROCUREMENT_STATUS_COLORS,
};

/** Quotations are entered per invited supplier of a task (docs/procurement.md, "Quotations"). */
export const QUOTATION_AUDIT: AuditVocabulary = {
  module: 'quotation',
  label: '报价单',
  actions: { create: '录入报价', update: '修改报价', decline: '放弃报价', submit: '门户报价', portal_decline: '门户放弃报价' },
  fields: {
    ...PROCUREMENT_LINE_FIELDS,
    code: '报价单号',
    quoteDate: '报价日期',
    validUntil: '有效期至',
    taxRatePercent: '税率(%)',
    invoiceType: '发票类型',
    freightMode: '运费方式',
    freightFen: '运费',
    freightFormula: '运费计算',
    quotation: '报价单',
    revision: '修订版本',
    enteredByBuyer: '代录',
    receiptSha256: '回执摘要',
  },
  values: {
    status: { ...QUOTE_STATUS_LABELS, ...INVITATION_STATUS_LABELS },
    freightMode: { manual: '手工填写', estimated: '按模板估算' },
    invoiceType: INVOICE_TYPE_LABELS,
  },
  statusColors: QUOTE_STATUS_COLORS,
};

export const SUPPLIER_STATUSES = ['enabled', 'disabled', 'blacklisted'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus, string> = { enabled: '启用', disabled: '停用', blacklisted: '黑名单' };
export const SUPPLIER_STATUS_COLORS: Record<SupplierStatus, string> = { enabled: 'success', disabled: 'default', blacklisted: 'error' };

/**
 * 变更状态 of a supplier (`/supplier/status`, and 编辑 when it carries a new status), keyed by the
 * status the request names as it travels: any status may move to either other one, never to itself
 * (409 '供应商已是停用状态').
 */
export const SUPPLIER_STATUS_TRANSITIONS = {
  enabled: { from: ['disabled', 'blacklisted'], to: 'enabled' },
  disabled: { from: ['enabled', 'blacklisted'], to: 'disabled' },
  blacklisted: { from: ['enabled', 'disabled'], to: 'blacklisted' },
} as const satisfies StatusMachine<SupplierStatus, SupplierStatus>;

export const supplierStatusChangeAllowed = (target: SupplierStatus, status: SupplierStatus) =>
  transitionAllowed(SUPPLIER_STATUS_TRANSITIONS, target, status);

/** The supplier area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const SUPPLIER_AUDIT: AuditVocabulary = {
  module: 'supplier',
  label: '供应商',
  actions: { create: '新建', update: '编辑', status: '变更状态', delete: '删除' },
  fields: {
    code: '供应商编号',
    name: '供应商名称',
    shortName: '简称',
    contactPerson: '联系人',
    phone: '联系电话',
    email: '邮箱',
    regionCode: '所在地区',
    address: '详细地址',
    creditCode: '统一社会信用代码',
    bankName: '开户银行',
    bankAccount: '银行账号',
    settlementType: '结算方式',
    grade: '供应商等级',
    priceTemplateId: '配送价格模板',
    categoryIds: '供应品类',
  },
  values: { status: SUPPLIER_STATUS_LABELS },
  statusColors: SUPPLIER_STATUS_COLORS,
};
