import { z } from 'zod';
import {
  allowedActionsSchema,
  byIdRequest,
  byIdVersionRequest,
  calendarDate,
  emptyResponse,
  fileResponse,
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
} from './common';
import { importResultSchema, importUploadFields } from './commodity';
import { endpoint } from './endpoint';
import { PLAN_STATUSES, PLAN_ACTIONS } from './planning-vocabulary';

/** Values of the `plan_status` dictionary (docs/planning.md, "Plan status"), in its order: the main flow, then the side exits. */
export const planStatusSchema = z.enum(PLAN_STATUSES);

export const PLAN_MAX_LINES = 1000;

const dictValue = (label: string) =>
  z
    .string(`请选择${label}`)
    .trim()
    .min(1, `请选择${label}`)
    .max(40, `${label}无效`)
    .regex(/^[a-z0-9_]+$/, `${label}无效`);

export const planQuantitySchema = z.int('计划数量须为整数').min(1, '计划数量须大于0').max(100_000_000, '计划数量过大');
export const budgetPriceFenSchema = z.int('预算单价须为整数（分）').min(0, '预算单价不能为负数').max(99_999_999_999, '预算单价过大');

export const planLineInput = z
  .strictObject({
    id: idSchema.optional(),
    commodityId: idSchema,
    quantity: planQuantitySchema,
    /** Left out: the commodity's reference price. */
    budgetUnitPriceFen: budgetPriceFenSchema.optional(),
    requiredBy: calendarDate('需求日期').nullish(),
    remark: multilineText('备注', 200).nullish(),
  })
  .refine((line) => !lineAmountTooLarge(line.quantity, line.budgetUnitPriceFen), { message: LINE_AMOUNT_MESSAGE, path: ['budgetUnitPriceFen'] });
export type PlanLineInput = z.input<typeof planLineInput>;

export const planFields = {
  name: requiredText('计划名称', 100),
  planType: dictValue('计划类型'),
  warehouse: dictValue('仓库'),
  periodStart: calendarDate('计划开始日期').nullish(),
  periodEnd: calendarDate('计划结束日期').nullish(),
  requiredBy: calendarDate('需求日期').nullish(),
  /** Left out on create: the signed-in user. */
  ownerId: idSchema.optional(),
  remark: multilineText('备注', 500).nullish(),
  lines: z.array(planLineInput).max(PLAN_MAX_LINES, `明细不能超过${PLAN_MAX_LINES}行`).default([]),
};

const periodOrder = (value: { periodStart?: string | null; periodEnd?: string | null }) =>
  !value.periodStart || !value.periodEnd || value.periodStart <= value.periodEnd;
const periodOrderIssue = { message: '计划结束日期不能早于开始日期', path: ['periodEnd'] };

export const planCreateRequest = z.strictObject(planFields).refine(periodOrder, periodOrderIssue);
export const planUpdateRequest = z
  .strictObject({ id: idSchema, version: versionSchema, ...updateFields(planFields) })
  .refine(periodOrder, periodOrderIssue);
export type PlanCreateBody = z.input<typeof planCreateRequest>;

export const planFilter = {
  keyword: text('关键词', 50).optional(),
  status: planStatusSchema.optional(),
  planType: z.string().max(40).optional(),
  warehouse: z.string().max(40).optional(),
  ownerId: idSchema.optional(),
  /** Plans whose period overlaps [periodFrom, periodTo]. */
  periodFrom: calendarDate('开始日期').optional(),
  periodTo: calendarDate('结束日期').optional(),
  /** Only these plans (导出选中). */
  ids: selectedIdsSchema.optional(),
};
export const PLAN_SORT_FIELDS = ['code', 'name', 'periodStart', 'budgetTotalFen', 'updatedAt', 'createdAt'] as const;
export const planListRequest = pageRequest(PLAN_SORT_FIELDS).extend(planFilter);
export type PlanListBody = z.input<typeof planListRequest>;
export const planExportRequest = z.strictObject(planFilter);

const userRef = z.object({ id: z.number(), username: z.string() }).nullable();

export const planSummarySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  planType: z.string(),
  warehouse: z.string(),
  /** The warehouse's name in 收货仓库 (null when it is gone). */
  warehouseName: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  requiredBy: z.string().nullable(),
  status: planStatusSchema,
  owner: userRef,
  lineCount: z.number(),
  plannedQuantity: z.number(),
  awardedQuantity: z.number(),
  budgetTotalFen: z.number(),
  /**
   * Why the signed-in user may not approve or reject this plan (four-eyes, docs/planning.md), or
   * null: the web shows 审核 disabled with this sentence instead of hiding it.
   */
  reviewBlockedReason: z.string().nullable(),
  /** Σ per line min(progress quantity, planned) ÷ planned, 0–100 (over-receipt shows on the lines). */
  progress: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planLineSchema = z.object({
  id: z.number(),
  commodityId: z.number(),
  skuCode: z.string(),
  commodityName: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  quantity: z.number(),
  budgetUnitPriceFen: z.number(),
  budgetAmountFen: z.number(),
  requiredBy: z.string().nullable(),
  remark: z.string().nullable(),
  awardedQuantity: z.number(),
  /** Bought on purchase orders (the award's orders); 0 for a line awarded before orders existed. */
  orderedQuantity: z.number(),
  receivedQuantity: z.number(),
  /**
   * Received ÷ planned once the line has orders, else awarded ÷ planned; 0–100 and beyond when
   * over-received (docs/planning.md, "Progress").
   */
  progress: z.number(),
});
export type PlanLine = z.infer<typeof planLineSchema>;

/**
 * What a plan line's progress counts (docs/planning.md, "Progress"): the received quantity once the
 * line has purchase orders, the awarded one before that. The server's SQL twin is in
 * modules/planning/progress.ts.
 */
export const planLineProgressQuantity = (line: { orderedQuantity: number; receivedQuantity: number; awardedQuantity: number }) =>
  line.orderedQuantity > 0 ? line.receivedQuantity : line.awardedQuantity;

export const planTimelineEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  label: z.string(),
  userName: z.string().nullable(),
  at: z.string(),
  fromStatus: planStatusSchema.nullable(),
  toStatus: planStatusSchema.nullable(),
  reason: z.string().nullable(),
  /** A 定标回写 entry: the awarding task, the bought quantity it added and its 定标货值. */
  award: z.object({ taskCode: z.string(), quantity: z.number(), goodsFen: z.number() }).nullable(),
});
export type PlanTimelineEntry = z.infer<typeof planTimelineEntrySchema>;

export const planProcurementLinkSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  lineCount: z.number(),
});

export const planDetailSchema = planSummarySchema.extend({
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  closeReason: z.string().nullable(),
  createdBy: userRef,
  updatedBy: userRef,
  createdAt: z.string(),
  /** 定标货值 awarded against this plan's lines so far (goods only), to set against the budget. */
  awardedGoodsFen: z.number(),
  lines: z.array(planLineSchema),
  procurementTasks: z.array(planProcurementLinkSchema),
  timeline: z.array(planTimelineEntrySchema),
  /**
   * The actions the caller may perform on the plan now: the status machine and four-eyes (whoever
   * drew the plan up gets neither approve nor reject; `reviewBlockedReason` says why), as the
   * server checks them when the call comes. Permission codes are not counted: the page asks
   * `<Can>` for those.
   */
  allowedActions: allowedActionsSchema(PLAN_ACTIONS),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const reasonSchema = requiredMultilineText('原因', 200);
export const planReasonRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: reasonSchema });
/** 审核通过 with an optional comment, kept on the plan's status record. */
export const planApproveRequest = z.strictObject({ id: idSchema, version: versionSchema, comment: multilineText('审核意见', 200).nullish() });
export const planCancelRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: multilineText('原因', 200).nullish() });

export const GENERATE_MODES = ['category', 'plan'] as const;
export type GenerateMode = (typeof GENERATE_MODES)[number];
export const planGenerateRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  /** One procurement task per commodity category, or one for the whole plan. */
  mode: z.enum(GENERATE_MODES, '请选择生成方式'),
  /**
   * 采购员 of the created tasks: an enabled user whose role holds the procurement task codes
   * (`BUYER_PERMISSION_CODES`); the caller when omitted, checked the same way.
   */
  buyerId: z.int('请选择采购员').min(1, '请选择采购员').max(2_147_483_647, '请选择采购员').optional(),
});

/** A procurement task holds at most this many lines; a larger group is split. */
export const GENERATED_TASK_MAX_LINES = 200;

interface GroupableLine {
  categoryId: number | null;
  categoryName: string | null;
}

export interface PlannedTask<T> {
  name: string;
  /** The category of its lines, or null for a task of the whole plan (整单). */
  categoryName: string | null;
  lines: T[];
}

/**
 * The tasks 生成采购任务 creates, in order: one per commodity category (first appearance order) or one
 * for the whole plan, each split at the task line limit. The dialog previews exactly this.
 */
export function plannedTasks<T extends GroupableLine>(planName: string, mode: GenerateMode, lines: readonly T[]): PlannedTask<T>[] {
  const groups = new Map<number, { categoryName: string | null; lines: T[] }>();
  if (mode === 'plan') groups.set(0, { categoryName: null, lines: [...lines] });
  else {
    for (const line of lines) {
      const key = line.categoryId ?? 0;
      const group = groups.get(key) ?? { categoryName: line.categoryName ?? '未分类', lines: [] };
      group.lines.push(line);
      groups.set(key, group);
    }
  }
  return [...groups.values()].flatMap((group) => {
    const base = group.categoryName == null ? planName : `${planName}-${group.categoryName}`;
    const parts = Math.ceil(group.lines.length / GENERATED_TASK_MAX_LINES);
    return Array.from({ length: parts }, (_, part) => ({
      name: (parts > 1 ? `${base}（${part + 1}）` : base).slice(0, 100),
      categoryName: group.categoryName,
      lines: group.lines.slice(part * GENERATED_TASK_MAX_LINES, (part + 1) * GENERATED_TASK_MAX_LINES),
    }));
  });
}
export const planGenerateResponse = z.object({ taskIds: z.array(z.number()) });

export const planCreateResponse = z.object({ id: z.number(), code: z.string() });

export const planImportRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  ...importUploadFields,
});

/** Columns of the line import template, in order. */
export const PLAN_LINE_EXCEL_COLUMNS = [
  { key: 'skuCode', header: 'SKU编码', required: true, width: 18 },
  { key: 'quantity', header: '计划数量', required: true, width: 12 },
  { key: 'budgetUnitPrice', header: '预算单价(元)', required: false, width: 14 },
  { key: 'requiredBy', header: '需求日期', required: false, width: 14, date: true },
  { key: 'remark', header: '备注', required: false, width: 24 },
] as const;

export const planningApi = {
  list: endpoint('/admin/planning_task/list', planListRequest, pageResponse(planSummarySchema)),
  info: endpoint('/admin/planning_task/info', byIdRequest, planDetailSchema),
  create: endpoint('/admin/planning_task/create', planCreateRequest, planCreateResponse),
  update: endpoint('/admin/planning_task/update', planUpdateRequest, emptyResponse),
  delete: endpoint('/admin/planning_task/delete', byIdVersionRequest, emptyResponse),
  submit: endpoint('/admin/planning_task/submit', byIdVersionRequest, emptyResponse),
  approve: endpoint('/admin/planning_task/approve', planApproveRequest, emptyResponse),
  reject: endpoint('/admin/planning_task/reject', planReasonRequest, emptyResponse),
  cancel: endpoint('/admin/planning_task/cancel', planCancelRequest, emptyResponse),
  close: endpoint('/admin/planning_task/close', planReasonRequest, emptyResponse),
  generate: endpoint('/admin/planning_task/generate', planGenerateRequest, planGenerateResponse),
  importTemplate: endpoint('/admin/planning_task/import_template', z.strictObject({}), fileResponse),
  importLines: endpoint('/admin/planning_task/import', planImportRequest, importResultSchema),
  /** The same upload answered with the error report (.xlsx: each bad row's cells beside 行号 / 列 / 原因). */
  importReport: endpoint('/admin/planning_task/import_report', planImportRequest, fileResponse),
  export: endpoint('/admin/planning_task/export', planExportRequest, fileResponse),
};
