import type { AuditVocabulary } from './audit';
import { INVOICE_TYPE_LABELS } from './procurement/vat';
import { actionsOf, type StatusMachine, transitionAllowed } from './status-machine';

// Supplier statements' statuses, machine and words, apart from the schemas: the supplier portal
// and the workbench read them without loading zod (docs/web-guide.md, "Portal";
// docs/rules/statements.md).

/** Values of the `statement_status` dictionary, in its order: the main flow, then the side exit. */
export const STATEMENT_STATUSES = ['draft', 'sent', 'disputed', 'confirmed', 'invoiced', 'approved', 'paid', 'cancelled'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = {
  draft: '草稿',
  sent: '待供应商确认',
  disputed: '有异议',
  confirmed: '已确认',
  invoiced: '已开票',
  approved: '已审批',
  paid: '已付款',
  cancelled: '已取消',
};
export const STATEMENT_STATUS_COLORS: Record<StatementStatus, string> = {
  draft: 'default',
  sent: 'processing',
  disputed: 'error',
  confirmed: 'cyan',
  invoiced: 'blue',
  approved: 'purple',
  paid: 'success',
  cancelled: 'default',
};

/** Statements whose amount the company still owes: the board's `open_payable_fen`. */
export const OPEN_PAYABLE_STATEMENT_STATUSES = ['confirmed', 'invoiced', 'approved'] as const satisfies readonly StatementStatus[];

/**
 * The status machine (docs/rules/statements.md). `confirm` and `dispute` are the supplier's (the
 * portal, or staff never); `invoice` registers an invoice and `void_invoice` voids one, each
 * running the check, whose outcome moves between 已确认 and 已开票; `resolve_exception` decides an
 * exception and runs the check again.
 */
export const STATEMENT_TRANSITIONS = {
  send: { from: ['draft'], to: 'sent' },
  revise: { from: ['draft', 'disputed'], to: 'draft' },
  confirm: { from: ['sent'], to: 'confirmed' },
  dispute: { from: ['sent'], to: 'disputed' },
  invoice: { from: ['confirmed'], to: ['confirmed', 'invoiced'] },
  void_invoice: { from: ['confirmed', 'invoiced'], to: ['confirmed', 'invoiced'] },
  match: { from: ['confirmed', 'invoiced'], to: ['confirmed', 'invoiced'] },
  resolve_exception: { from: ['confirmed', 'invoiced'], to: ['confirmed', 'invoiced'] },
  approve: { from: ['invoiced'], to: 'approved' },
  pay: { from: ['approved'], to: 'paid' },
  cancel: { from: ['draft', 'sent', 'disputed'], to: 'cancelled' },
} as const satisfies StatusMachine<StatementStatus>;
export type StatementAction = keyof typeof STATEMENT_TRANSITIONS;
export const STATEMENT_ACTIONS = actionsOf(STATEMENT_TRANSITIONS);

export const STATEMENT_ACTION_LABELS: Record<StatementAction, string> = {
  send: '发送供应商',
  revise: '修订',
  confirm: '确认',
  dispute: '提出异议',
  invoice: '登记发票',
  void_invoice: '作废发票',
  match: '三单匹配',
  resolve_exception: '处理异常',
  approve: '审批',
  pay: '付款',
  cancel: '取消',
};

export const statementActionAllowed = (action: StatementAction, status: StatementStatus) => transitionAllowed(STATEMENT_TRANSITIONS, action, status);

/** A registered invoice is valid until voided (before approval). */
export const INVOICE_STATUSES = ['valid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { valid: '有效', void: '已作废' };
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = { valid: 'success', void: 'default' };

/** 作废发票 leads a valid invoice to 已作废, once; the statement's own status decides first (`void_invoice` above). */
export const INVOICE_TRANSITIONS = {
  void: { from: ['valid'], to: 'void' },
} as const satisfies StatusMachine<InvoiceStatus>;
export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;

export const invoiceActionAllowed = (action: InvoiceAction, status: InvoiceStatus) => transitionAllowed(INVOICE_TRANSITIONS, action, status);

/** The invoice types an invoice may carry (a 不开票 award has no invoice). */
export const STATEMENT_INVOICE_TYPES = ['special', 'ordinary'] as const;
export type StatementInvoiceType = (typeof STATEMENT_INVOICE_TYPES)[number];

export const MOVEMENT_KINDS = ['receipt', 'reversal', 'return', 'freight'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = { receipt: '收货', reversal: '冲销', return: '退货', freight: '运费' };

export const EXCEPTION_KINDS = ['amount_over', 'amount_under', 'tax_diff', 'type_mismatch', 'seller_mismatch', 'buyer_mismatch'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  amount_over: '开票金额超出',
  amount_under: '开票金额不足',
  tax_diff: '税额差异',
  type_mismatch: '发票类型或税率与定标不符',
  seller_mismatch: '销方税号不符',
  buyer_mismatch: '购方税号不符',
};
export const EXCEPTION_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
export const EXCEPTION_STATUS_LABELS: Record<ExceptionStatus, string> = { open: '待处理', accepted: '已接受', rejected: '已驳回' };
export const EXCEPTION_STATUS_COLORS: Record<ExceptionStatus, string> = { open: 'warning', accepted: 'success', rejected: 'error' };

export const MATCH_RESULTS = ['matched', 'exception', 'incomplete'] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];
export const MATCH_RESULT_LABELS: Record<MatchResult, string> = { matched: '已匹配', exception: '有异常', incomplete: '发票未齐' };

/** The statement area as the operation log and the detail's history show it (docs/rules/vocabulary.md). */
export const SUPPLIER_STATEMENT_AUDIT: AuditVocabulary = {
  module: 'supplier_statement',
  label: '供应商对账单',
  actions: { create: '新建', ...STATEMENT_ACTION_LABELS },
  fields: {
    code: '对账单号',
    supplierId: '供应商',
    periodFrom: '对账期起',
    periodTo: '对账期止',
    revision: '修订版本',
    goodsFen: '货款',
    freightFen: '运费',
    returnsFen: '退货',
    totalFen: '对账总额',
    movementCount: '明细数',
    cancelReason: '取消原因',
    disputeReason: '异议原因',
    receiptSha256: '确认摘要',
    confirmedAt: '确认时间',
    invoiceNumber: '发票号码',
    invoiceCode: '发票代码',
    voidReason: '作废原因',
    result: '匹配结果',
    key: '异常',
    decision: '处理结果',
    reason: '原因',
    paidOn: '付款日期',
    paidAmountFen: '付款金额',
    paymentRef: '付款流水号',
    submittedBy: '提交方',
  },
  values: {
    status: STATEMENT_STATUS_LABELS,
    result: MATCH_RESULT_LABELS,
    decision: { accept: '接受', reject: '驳回' },
    invoiceType: INVOICE_TYPE_LABELS,
    submittedBy: { supplier: '供应商', staff: '财务' },
  },
  statusColors: STATEMENT_STATUS_COLORS,
};
