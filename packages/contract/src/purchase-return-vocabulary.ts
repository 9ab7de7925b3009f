import type { AuditVocabulary } from './audit';
import { actionsOf, type StatusMachine, transitionAllowed } from './status-machine';

// A purchase return's statuses, reasons, machine and words, apart from the schemas: the supplier
// portal reads them without loading zod (docs/web-guide.md, "Portal").

/** Values of the `purchase_return_status` dictionary (docs/rules/orders.md, "Returns"), in its order. */
export const PURCHASE_RETURN_STATUSES = ['pending', 'confirmed', 'disputed', 'shipped', 'cancelled'] as const;
export type PurchaseReturnStatus = (typeof PURCHASE_RETURN_STATUSES)[number];

export const PURCHASE_RETURN_STATUS_LABELS: Record<PurchaseReturnStatus, string> = {
  pending: '待供应商确认',
  confirmed: '已确认',
  disputed: '有异议',
  shipped: '已退货',
  cancelled: '已取消',
};
export const PURCHASE_RETURN_STATUS_COLORS: Record<PurchaseReturnStatus, string> = {
  pending: 'warning',
  confirmed: 'processing',
  disputed: 'error',
  shipped: 'success',
  cancelled: 'default',
};

/** Values of the `return_reason` dictionary. */
export const RETURN_REASONS = ['quality', 'wrong_item', 'excess', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = { quality: '质量问题', wrong_item: '错发', excess: '多发', other: '其他' };
export const RETURN_REASON_COLORS: Record<ReturnReason, string> = { quality: 'red', wrong_item: 'orange', excess: 'blue', other: 'default' };

/**
 * The status machine (docs/rules/orders.md, "Returns"). 编辑 `update` changes a return still waiting
 * for the supplier, or a disputed one, which it sends back to the supplier. 确认 and 有异议 are the
 * supplier's (or 确认 the buyer's on its behalf); 退货出库 `ship` is when the goods leave, the moment
 * the net received drops.
 */
export const PURCHASE_RETURN_TRANSITIONS = {
  update: { from: ['pending', 'disputed'], to: 'pending' },
  confirm: { from: ['pending'], to: 'confirmed' },
  dispute: { from: ['pending'], to: 'disputed' },
  ship: { from: ['confirmed'], to: 'shipped' },
  cancel: { from: ['pending', 'disputed'], to: 'cancelled' },
} as const satisfies StatusMachine<PurchaseReturnStatus>;
export type PurchaseReturnAction = keyof typeof PURCHASE_RETURN_TRANSITIONS;
export const PURCHASE_RETURN_ACTIONS = actionsOf(PURCHASE_RETURN_TRANSITIONS);

export const PURCHASE_RETURN_ACTION_LABELS: Record<PurchaseReturnAction, string> = {
  update: '编辑',
  confirm: '确认',
  dispute: '提出异议',
  ship: '退货出库',
  cancel: '取消',
};

export const purchaseReturnActionAllowed = (action: PurchaseReturnAction, status: PurchaseReturnStatus) =>
  transitionAllowed(PURCHASE_RETURN_TRANSITIONS, action, status);

/** The return area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const PURCHASE_RETURN_AUDIT: AuditVocabulary = {
  module: 'purchase_return',
  label: '采购退货',
  actions: { create: '新建', ...PURCHASE_RETURN_ACTION_LABELS },
  fields: {
    code: '退货单号',
    orderId: '采购订单',
    supplierId: '供应商',
    reasonType: '退货原因',
    replacement: '补发',
    remark: '备注',
    disputeReason: '异议原因',
    cancelReason: '取消原因',
    shippedOn: '退货日期',
    quantity: '数量',
    amountFen: '金额',
    orderLineId: '订单明细',
    reason: '原因',
    lines: '明细',
  },
  values: { status: PURCHASE_RETURN_STATUS_LABELS, reasonType: RETURN_REASON_LABELS },
  statusColors: PURCHASE_RETURN_STATUS_COLORS,
};
