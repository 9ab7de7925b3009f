import { actionsOf, type StatusMachine, transitionAllowed } from '../status-machine';

// A procurement task's statuses, its machine and their words, apart from the schemas: the supplier
// portal reads them without loading zod (docs/web-guide.md, "Portal").

export const PROCUREMENT_STATUSES = ['draft', 'quoting', 'evaluating', 'awarded', 'completed', 'cancelled'] as const;
export type ProcurementStatus = (typeof PROCUREMENT_STATUSES)[number];
export const PROCUREMENT_STATUS_LABELS: Record<ProcurementStatus, string> = {
  draft: '草稿',
  quoting: '报价中',
  evaluating: '待定标',
  awarded: '已定标',
  completed: '已完成',
  cancelled: '已取消',
};
/** Tag colours of the statuses (the `procurement_status` dictionary is seeded with them). */
export const PROCUREMENT_STATUS_COLORS: Record<ProcurementStatus, string> = {
  draft: 'default',
  quoting: 'processing',
  evaluating: 'warning',
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
 * 关闭报价 and 完成 do.
 */
export const PROCUREMENT_TRANSITIONS = {
  edit: { from: ['draft'], to: null },
  delete: { from: ['draft'], to: null },
  publish: { from: ['draft'], to: 'quoting' },
  quote: { from: ['quoting'], to: null },
  close_quote: { from: ['quoting'], to: 'evaluating' },
  unseal: { from: ['quoting'], to: 'evaluating' },
  cancel: { from: ['draft', 'quoting', 'evaluating'], to: 'cancelled' },
  award: { from: ['evaluating'], to: 'awarded' },
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
};

export const procurementActionAllowed = (action: ProcurementAction, status: ProcurementStatus) =>
  transitionAllowed(PROCUREMENT_TRANSITIONS, action, status);
