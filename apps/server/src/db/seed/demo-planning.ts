import { PLAN_STATUS_LABELS, type PlanStatus, DAY_MS } from '@scm/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { nextCode } from '../../lib/records/codes';
import { refreshPlanTotals } from '../../modules/planning/service';
import type { Db } from '../client';
import { auditLogs, backUsers, commodities, planningTaskLines, planningTasks, procurementTaskLines, procurementTasks } from '../schema';
import { type DemoGood, loadDemoGoods, pickGoods } from './demo-goods';

interface DemoPlan {
  name: string;
  planType: string;
  warehouse: string;
  period: [string, string];
  status: PlanStatus;
  lines: number;
  /** Leaf categories (catalogue codes) of its lines, fitting its name (used when no demo task is linked). */
  leaves: string[];
  /** Share of each line's quantity already awarded, in percent. */
  awardedPercent?: number;
  reason?: string;
  /** The demo procurement task (by name) this plan's lines are procured through, when it exists. */
  task?: string;
}

// biome-ignore format: a data table, one record per line
const DEMO_PLANS: DemoPlan[] = [
  { name: '2026年12月常规补货计划-上海仓', planType: 'regular', warehouse: 'sh_jiading', period: ['2026-12-01', '2026-12-31'], status: 'draft', lines: 5, leaves: ['JF0101', 'QJ0101', 'QJ0301', 'SN0101', 'CF0401'] },
  { name: '2027年春节促销备货计划-广州仓', planType: 'promotion', warehouse: 'gz_baiyun', period: ['2027-01-05', '2027-02-10'], status: 'draft', lines: 3, leaves: ['JF0201', 'CF0301', 'ZS0101'] },
  { name: '2027年1月常规补货计划-北京仓', planType: 'regular', warehouse: 'bj_daxing', period: ['2027-01-01', '2027-01-31'], status: 'submitted', lines: 6, leaves: ['QJ0201', 'QJ0302', 'QJ0203', 'JF0101', 'WY0202', 'CF0401'] },
  { name: '北欧风收纳系列新品首采计划-上海仓', planType: 'new_product', warehouse: 'sh_jiading', period: ['2026-12-10', '2027-01-10'], status: 'submitted', lines: 4, leaves: ['SN0101', 'SN0102', 'SN0202', 'SN0302'] },
  { name: '2026年冬季床品季节备货计划-成都仓', planType: 'seasonal', warehouse: 'cd_shuangliu', period: ['2026-11-20', '2027-01-20'], status: 'approved', lines: 5, leaves: ['JF0201', 'JF0202', 'JF0203', 'JF0204'] },
  { name: '2027年元旦促销备货计划-武汉仓', planType: 'promotion', warehouse: 'wh_dongxihu', period: ['2026-12-15', '2027-01-05'], status: 'approved', lines: 4, leaves: ['CF0101', 'CF0102', 'CF0301', 'ZS0102'] },
  { name: '2026年11月常规补货计划-广州仓', planType: 'regular', warehouse: 'gz_baiyun', period: ['2026-11-01', '2026-11-30'], status: 'rejected', lines: 3, reason: '毛巾类数量超出月度预算，请压缩后重新提交', leaves: ['JF0101', 'JF0102', 'JF0103'] },
  { name: '2026年双十二促销备货计划-上海仓', planType: 'promotion', warehouse: 'sh_jiading', period: ['2026-11-25', '2026-12-15'], status: 'in_procurement', lines: 4, awardedPercent: 40, task: '厨房收纳双十二促销备货', leaves: ['CF0401', 'CF0402'] },
  { name: '2026年10月常规补货计划-北京仓', planType: 'regular', warehouse: 'bj_daxing', period: ['2026-10-01', '2026-10-31'], status: 'in_procurement', lines: 6, awardedPercent: 75, task: '客厅家纺换季采购', leaves: ['JF0301', 'JF0302', 'JF0303'] },
  { name: '2026年9月常规补货计划-上海仓', planType: 'regular', warehouse: 'sh_jiading', period: ['2026-09-01', '2026-09-30'], status: 'completed', lines: 2, awardedPercent: 100, task: '收纳箱常规补货（九月）', leaves: ['SN0101', 'SN0102'] },
  { name: '2026年国庆促销备货计划-成都仓', planType: 'promotion', warehouse: 'cd_shuangliu', period: ['2026-09-20', '2026-10-07'], status: 'completed', lines: 3, awardedPercent: 60, reason: '活动提前结束，剩余数量不再采购', task: '餐具新品首采', leaves: ['CF0301', 'CF0302', 'CF0303'] },
  { name: '2026年秋季新品首采计划-武汉仓', planType: 'new_product', warehouse: 'wh_dongxihu', period: ['2026-09-01', '2026-10-15'], status: 'cancelled', lines: 2, reason: '新品上市推迟到明年', leaves: ['ZS0201', 'DJ0102'] },
];

/** The steps a plan went through to reach its status, for the audit log (and so the timeline). */
function history(plan: DemoPlan): { action: string; from: PlanStatus | null; to: PlanStatus; by: 'planner' | 'manager'; reason?: string }[] {
  const created = { action: 'create', from: null, to: 'draft' as PlanStatus, by: 'planner' as const };
  const submit = { action: 'submit', from: 'draft' as PlanStatus, to: 'submitted' as PlanStatus, by: 'planner' as const };
  const approve = { action: 'approve', from: 'submitted' as PlanStatus, to: 'approved' as PlanStatus, by: 'manager' as const };
  const generate = { action: 'generate', from: 'approved' as PlanStatus, to: 'in_procurement' as PlanStatus, by: 'manager' as const };
  switch (plan.status) {
    case 'draft':
      return [created];
    case 'submitted':
      return [created, submit];
    case 'rejected':
      return [created, submit, { action: 'reject', from: 'submitted', to: 'rejected', by: 'manager', reason: plan.reason }];
    case 'approved':
      return [created, submit, approve];
    case 'in_procurement':
      return [created, submit, approve, generate];
    case 'completed':
      return plan.reason
        ? [created, submit, approve, generate, { action: 'close', from: 'in_procurement', to: 'completed', by: 'manager', reason: plan.reason }]
        : [created, submit, approve, generate, { action: 'complete', from: 'in_procurement', to: 'completed', by: 'manager' }];
    case 'cancelled':
      return [created, { action: 'cancel', from: 'draft', to: 'cancelled', by: 'planner', reason: plan.reason }];
  }
}

/** A dozen plans in every status, owned by 王计划 and reviewed by 张主管, with their history. */
export async function seedDemoPlanning(tx: Db, now: Date): Promise<boolean> {
  const users = await tx
    .select({ id: backUsers.id, email: backUsers.email, username: backUsers.username })
    .from(backUsers)
    .where(inArray(backUsers.email, ['planner@jiaju.com', 'manager@jiaju.com']));
  const planner = users.find((u) => u.email === 'planner@jiaju.com');
  const manager = users.find((u) => u.email === 'manager@jiaju.com');
  const goods = await loadDemoGoods(tx);
  const planGoods = DEMO_PLANS.map((plan) => pickGoods(goods, plan.leaves, plan.lines));
  if (!planner || !manager || planGoods.some((g) => g === null)) return false;

  for (const [index, demo] of DEMO_PLANS.entries()) {
    // A plan its task's receipts complete is left 采购中: the demo orders' receipts, posted through
    // the orders' net ledger, complete it as they would (audit 「计划自动完成」).
    const byReceipts = demo.task != null && demo.status === 'completed' && !demo.reason;
    const plan: DemoPlan = byReceipts ? { ...demo, status: 'in_procurement' } : demo;
    const steps = history(plan);
    const createdAt = new Date(now.getTime() - (DEMO_PLANS.length - index + 10) * DAY_MS);
    const code = await nextCode(tx, 'JH', createdAt);
    const last = steps[steps.length - 1];
    const updatedAt = new Date(createdAt.getTime() + (steps.length - 1) * 6 * 3600_000);
    const [{ id }] = await tx
      .insert(planningTasks)
      .values({
        code,
        name: plan.name,
        planType: plan.planType,
        warehouse: plan.warehouse,
        periodStart: plan.period[0],
        periodEnd: plan.period[1],
        requiredBy: plan.period[1],
        ownerId: planner.id,
        status: plan.status,
        submittedBy: steps.some((s) => s.action === 'submit') ? planner.id : null,
        rejectReason: plan.status === 'rejected' ? (plan.reason ?? null) : null,
        closeReason: last.action === 'close' ? (plan.reason ?? null) : null,
        remark: index % 3 === 0 ? '按门店周销量与安全库存测算' : null,
        createdBy: planner.id,
        updatedBy: last.by === 'manager' ? manager.id : planner.id,
        version: steps.length - 1,
        createdAt,
        updatedAt,
      })
      .returning({ id: planningTasks.id });
    const linked = plan.task ? await linkTask(tx, id, plan.task) : false;
    if (!linked) {
      await tx.insert(planningTaskLines).values(
        (planGoods[index] as DemoGood[]).map((g, i) => {
          const quantity = (i + 2) * 50;
          return {
            planId: id,
            commodityId: g.id,
            quantity,
            budgetUnitPriceFen: g.referencePriceFen,
            requiredBy: plan.period[1],
            awardedQuantity: Math.floor((quantity * (plan.awardedPercent ?? 0)) / 100),
            sort: i + 1,
          };
        }),
      );
    }
    await refreshPlanTotals(tx, id);
    await tx.insert(auditLogs).values(
      steps.map((step, i) => {
        const user = step.by === 'manager' ? manager : planner;
        return {
          userId: user.id,
          userName: user.username,
          ip: '127.0.0.1',
          module: 'planning_task',
          action: step.action,
          recordId: String(id),
          summary: `${code} ${step.from ? `${PLAN_STATUS_LABELS[step.from]} → ` : ''}${PLAN_STATUS_LABELS[step.to]}${step.reason ? `：${step.reason}` : ''}`,
          before: step.from ? { status: step.from } : null,
          after: { status: step.to, reason: step.reason ?? null },
          createdAt: new Date(createdAt.getTime() + i * 6 * 3600_000),
        };
      }),
    );
  }
  return true;
}

/**
 * Makes a demo procurement task the one generated from this plan: the plan's lines are the task's
 * lines (awarded ones carry their quantity), each task line linked back to its plan line.
 */
async function linkTask(tx: Db, planId: number, taskName: string): Promise<boolean> {
  const [task] = await tx
    .select({ id: procurementTasks.id })
    .from(procurementTasks)
    .where(and(eq(procurementTasks.name, taskName), isNull(procurementTasks.planId)))
    .limit(1);
  if (!task) return false;
  const lines = await tx
    .select({ line: procurementTaskLines, referencePriceFen: commodities.referencePriceFen })
    .from(procurementTaskLines)
    .innerJoin(commodities, eq(commodities.id, procurementTaskLines.commodityId))
    .where(eq(procurementTaskLines.taskId, task.id))
    .orderBy(asc(procurementTaskLines.sort));
  for (const [i, { line, referencePriceFen }] of lines.entries()) {
    const [planLine] = await tx
      .insert(planningTaskLines)
      .values({
        planId,
        commodityId: line.commodityId,
        quantity: line.quantity,
        budgetUnitPriceFen: line.targetPriceFen ?? referencePriceFen,
        awardedQuantity: line.awardedSupplierId ? line.quantity : 0,
        sort: i + 1,
      })
      .returning({ id: planningTaskLines.id });
    await tx.update(procurementTaskLines).set({ planLineId: planLine.id }).where(eq(procurementTaskLines.id, line.id));
  }
  await tx.update(procurementTasks).set({ planId }).where(eq(procurementTasks.id, task.id));
  return true;
}
