import { z } from 'zod';
import { calendarDate, emptyResponse, idSchema } from './common';
import { endpoint } from './endpoint';
import { daysBetween } from './time';

/** The longest range the board aggregates over: ten years keeps every query bounded. */
export const BOARD_MAX_DAYS = 3660;

/**
 * The board's filter: an inclusive range of calendar days (Asia/Shanghai) and an optional
 * category, which includes its descendants.
 */
const rangeFields = {
  dateFrom: calendarDate('开始日期'),
  dateTo: calendarDate('结束日期'),
  categoryId: idSchema.optional(),
};
type Range = { dateFrom: string; dateTo: string };
const withRangeChecks = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine((f) => f.dateFrom <= f.dateTo, { message: '开始日期不能晚于结束日期', path: ['dateTo'] })
    .refine((f) => daysBetween(f.dateFrom, f.dateTo) < BOARD_MAX_DAYS, {
      message: '日期范围不能超过10年',
      path: ['dateTo'],
    });

export const boardFilterRequest = withRangeChecks(z.strictObject(rangeFields));
export type BoardFilter = z.input<typeof boardFilterRequest>;

/** A ratio rounded to 4 decimals (0.1234 = 12.34%), null when its denominator is 0. */
const rate = z.number().nullable();

const kpiSchema = z.object({
  /** 定标货值, tax-inclusive. */
  awardedAmountFen: z.number(),
  /** 可抵扣进项税 of the awards (goods and freight), as each award fixed it. */
  deductibleVatFen: z.number(),
  tasksCompleted: z.number(),
  /** 1 − Σ awarded / Σ average quote, over awarded lines that have at least one priced quote. */
  savingsVsAverage: rate,
  /** 1 − Σ awarded / Σ budget, over awarded lines that have a budget (plan line or target price). */
  savingsVsBudget: rate,
  /** Quotes submitted / suppliers invited, over tasks whose quote deadline falls in the period. */
  responseRate: rate,
  /** Freight of the winning quotes / (awarded goods + that freight). */
  freightShare: rate,
});
export type BoardKpis = z.infer<typeof kpiSchema>;

/** An open order on the board's and the workbench's list, linking to its detail. */
export const openOrderSchema = z.object({
  id: z.number(),
  code: z.string(),
  supplierName: z.string(),
  status: z.string(),
  requiredBy: z.string().nullable(),
  totalFen: z.number(),
  /** Open and past its required-by day (Asia/Shanghai). */
  overdue: z.boolean(),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

/** Open orders (待确认, 已确认, 部分到货) and the overdue among them, with the first few, overdue first. */
const orderFigures = {
  openOrderCount: z.number(),
  overdueOrderCount: z.number(),
  openOrders: z.array(openOrderSchema),
};

export const boardSummaryResponse = z.object({
  /** Orders created in the period that are still open now. */
  ...orderFigures,
  /** 待付款: statements 已确认, 已开票 or 已审批, not paid — a figure of now, not of the range. */
  openPayableFen: z.number(),
  current: kpiSchema,
  /** The same figures over the period of the same length just before. */
  previous: kpiSchema,
  previousFrom: z.string(),
  previousTo: z.string(),
});

export const monthlyAwardResponse = z.array(z.object({ month: z.string(), amountFen: z.number(), taskCount: z.number() }));

export const categoryAmountRequest = withRangeChecks(
  z.strictObject({
    ...rangeFields,
    /** Drill-down: the children of this category (default: the roots, or the filter's category). */
    parentId: idSchema.optional(),
  }),
);
export const categoryAmountResponse = z.object({
  parent: z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() }).nullable(),
  items: z.array(z.object({ categoryId: z.number(), name: z.string(), amountFen: z.number(), hasChildren: z.boolean() })),
});

export const topSuppliersResponse = z.array(z.object({ supplierId: z.number(), name: z.string(), amountFen: z.number() }));

export const planFunnelResponse = z.array(z.object({ status: z.string(), label: z.string(), count: z.number() }));

export const supplierResponseRateResponse = z.array(
  z.object({ supplierId: z.number(), name: z.string(), invited: z.number(), quoted: z.number(), rate: z.number() }),
);

export const savingsTrendResponse = z.array(z.object({ month: z.string(), savingsVsAverage: rate, savingsVsBudget: rate, freightShare: rate }));

export const dataBoardApi = {
  summary: endpoint('/admin/data_board/summary', boardFilterRequest, boardSummaryResponse),
  monthlyAward: endpoint('/admin/data_board/monthly_award', boardFilterRequest, monthlyAwardResponse),
  categoryAmount: endpoint('/admin/data_board/category_amount', categoryAmountRequest, categoryAmountResponse),
  topSuppliers: endpoint('/admin/data_board/top_suppliers', boardFilterRequest, topSuppliersResponse),
  planFunnel: endpoint('/admin/data_board/plan_funnel', boardFilterRequest, planFunnelResponse),
  supplierResponse: endpoint('/admin/data_board/supplier_response', boardFilterRequest, supplierResponseRateResponse),
  savingsTrend: endpoint('/admin/data_board/savings_trend', boardFilterRequest, savingsTrendResponse),
};

// Workbench -------------------------------------------------------------------------------------

/** A to-do count, or null when the user's codes do not allow it (the card is not shown). */
const todo = z.number().nullable();

export const workbenchOverviewResponse = z.object({
  todos: z.object({
    /** Submitted plans this user may approve (not their own, not submitted by them). */
    plansToApprove: todo,
    myDraftPlans: todo,
    myRejectedPlans: todo,
    /** Draft tasks whose buyer is this user, waiting for suppliers and 发布. */
    tasksToPublish: todo,
    /** Tasks still quoting whose deadline is within 3 days from now. */
    tasksDeadlineSoon: todo,
    tasksToAward: todo,
    /** Submitted, unawarded quotes whose valid-until is within 7 days from today. */
    quotesExpiringSoon: todo,
    /** 待收货: the user's orders 已确认 or 部分到货. */
    ordersToReceive: todo,
    /** 待开票: statements the supplier confirmed, waiting for their invoices. */
    statementsToInvoice: todo,
    /** 待审批: statements 已开票 this user may approve (not their own). */
    statementsToApprove: todo,
    /** 待付款: statements 已审批. */
    statementsToPay: todo,
  }),
  /** Every open order of the user's data scope, now. */
  ...orderFigures,
  /**
   * 今日预计到货: shipping notices still in transit expected today or earlier, of the orders of the
   * user's data scope, the earliest first; null without `purchaseOrder:receive`.
   */
  arrivingShipments: z
    .object({
      count: z.number(),
      list: z.array(
        z.object({
          id: z.number(),
          code: z.string(),
          orderId: z.number(),
          orderCode: z.string(),
          supplierName: z.string(),
          expectedArrival: z.string(),
          deliveryNoteNo: z.string(),
        }),
      ),
    })
    .nullable(),
  /** This calendar month's figures, or null without the data-board code. */
  kpis: z.object({ awardedAmountFen: z.number(), tasksCompleted: z.number(), savingsVsAverage: rate, monthStart: z.string() }).nullable(),
  /** Page keys this user opened most, most first, only pages the role still holds. */
  shortcuts: z.array(z.object({ key: z.string(), count: z.number() })),
  recentOperations: z.array(
    z.object({
      id: z.number(),
      module: z.string(),
      action: z.string(),
      /** The module's and the action's names as the operation log shows them (audit-labels.ts). */
      moduleLabel: z.string(),
      actionLabel: z.string(),
      recordId: z.string().nullable(),
      summary: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type WorkbenchOverview = z.infer<typeof workbenchOverviewResponse>;

export const workbenchVisitRequest = z.strictObject({ key: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, '页面无效') });

export const workbenchApi = {
  overview: endpoint('/admin/workbench/overview', z.strictObject({}), workbenchOverviewResponse),
  visit: endpoint('/admin/workbench/visit', workbenchVisitRequest, emptyResponse),
};
