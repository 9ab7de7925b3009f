import type { AuditVocabulary } from './audit';
import { actionsOf, type StatusMachine, transitionAllowed } from './status-machine';

// A plan's statuses, its machine and the words of the planning area, apart from the schemas: the
// shell and the workbench read them without loading zod (docs/web-guide.md, "Loading").

export const PLAN_STATUSES = ['draft', 'submitted', 'approved', 'in_procurement', 'completed', 'rejected', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Labels used in messages; pages show the dictionary's label and colour. */
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  draft: '草稿',
  submitted: '待审核',
  approved: '已审核',
  rejected: '已驳回',
  in_procurement: '采购中',
  completed: '已完成',
  cancelled: '已作废',
};

/** Tag colours of the statuses (the `plan_status` dictionary is seeded with them). */
export const PLAN_STATUS_COLORS: Record<PlanStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'cyan',
  rejected: 'error',
  in_procurement: 'blue',
  completed: 'success',
  cancelled: 'volcano',
};

/**
 * The status machine (docs/planning.md, "Plan status"): for each action, the statuses it may start
 * from and the one it leads to. A buyer's task naming an approved plan (start_procurement) moves it
 * as 生成采购任务 does; a plan whose lines are all done completes (complete) as 关闭 does.
 */
export const PLAN_TRANSITIONS = {
  edit: { from: ['draft', 'rejected'], to: null },
  delete: { from: ['draft', 'rejected'], to: null },
  submit: { from: ['draft', 'rejected'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
  cancel: { from: ['draft', 'rejected', 'approved'], to: 'cancelled' },
  generate: { from: ['approved'], to: 'in_procurement' },
  close: { from: ['in_procurement'], to: 'completed' },
} as const satisfies StatusMachine<PlanStatus>;
export type PlanAction = keyof typeof PLAN_TRANSITIONS;
export const PLAN_ACTIONS = actionsOf(PLAN_TRANSITIONS);

export const PLAN_ACTION_LABELS: Record<PlanAction, string> = {
  edit: '编辑',
  delete: '删除',
  submit: '提交',
  approve: '审核通过',
  reject: '驳回',
  cancel: '作废',
  generate: '生成采购任务',
  close: '关闭',
};

/** The planning area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const PLAN_AUDIT: AuditVocabulary = {
  module: 'planning_task',
  label: '计划任务',
  actions: {
    ...PLAN_ACTION_LABELS,
    create: '创建',
    update: '编辑',
    import: '导入明细',
    close: '手动关闭',
    award: '定标回写',
    receive: '到货回写',
    start_procurement: '采购任务引用，开始采购',
    complete: '明细完成，自动完成',
    reopen: '到货冲减，重新采购中',
  },
  fields: {
    name: '计划名称',
    code: '计划编号',
    planType: '计划类型',
    warehouse: '仓库',
    periodStart: '计划开始日期',
    periodEnd: '计划结束日期',
    requiredBy: '需求日期',
    ownerId: '负责人',
    submittedBy: '提交人',
    lineEditorIds: '明细编辑人',
    rejectReason: '驳回原因',
    closeReason: '关闭原因',
    lineCount: '明细行数',
    plannedQuantity: '计划数量',
    awardedQuantity: '已定标数量',
    budgetTotalFen: '预算总额',
    imported: '导入行数',
    commodityId: '商品',
    quantity: '数量',
    budgetUnitPriceFen: '预算单价',
    taskCode: '采购任务',
    goodsFen: '定标货值',
  },
  values: { status: PLAN_STATUS_LABELS },
  statusColors: PLAN_STATUS_COLORS,
};

export const planActionAllowed = (action: PlanAction, status: PlanStatus) => transitionAllowed(PLAN_TRANSITIONS, action, status);
