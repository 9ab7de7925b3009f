import { type SQL, sql } from 'drizzle-orm';
import { planningTasks, procurementTasks } from '../../db/schema';
import type { Period } from './period';

/**
 * The data board's aggregates, each ONE SQL statement (docs/rules/quality-bars.md: nothing is summed in Node),
 * reading the board facts (board-facts.ts) for amounts, savings, responses and completions.
 * Money stays integer fen (sums of bigint products); ratios are exact numerics rounded to 4
 * decimals in the database. The bench times exactly these statements.
 */

const ts = (instant: string) => sql`${instant}::timestamptz`;

/**
 * The user's data scope on the board (lib/access/data-scope.ts): conditions on
 * procurement_tasks and planning_tasks, or undefined for every record. The facts are filtered by
 * their task, so an `own` user's figures count only their own tasks and plans.
 */
export interface BoardScope {
  tasks?: SQL;
  plans?: SQL;
}
const ALL_DATA: BoardScope = {};

/** `and <column> in (ids of the table's rows meeting the scope condition)`, or nothing without a condition. */
export const inScope = (column: SQL, table: typeof procurementTasks | typeof planningTasks, condition: SQL | undefined) =>
  condition ? sql`and ${column} in (select ${table.id} from ${table} where ${condition})` : sql``;
const taskInScope = (scope: BoardScope, column = sql`f.task_id`) => inScope(column, procurementTasks, scope.tasks);

/**
 * Each category with its parent and grandparent: the tree has at most 3 levels (docs/rules/base-data.md,
 * enforced by the category module), so two self-joins reach every ancestor. Plain joins keep the
 * planner's row estimates right, where a recursive CTE's guesses tipped queries into JIT.
 */
const withAncestors = sql`categories c
  left join categories p1 on p1.id = c.parent_id
  left join categories p2 on p2.id = p1.parent_id`;

/** The category and all its descendants, as a subquery of ids. */
function categorySubtree(categoryId: number): SQL {
  return sql`(select c.id from ${withAncestors} where ${categoryId} in (c.id, p1.id, p2.id))`;
}

/** Commodity ids in the category and all its descendants. */
function commoditiesInCategory(categoryId: number | undefined, commodityColumn: SQL): SQL {
  if (categoryId === undefined) return sql`true`;
  return sql`${commodityColumn} in (select c.id from commodities c where c.category_id in ${categorySubtree(categoryId)})`;
}

/**
 * Awarded lines whose task was awarded in [fromInstant, toInstant), from the award facts (one row
 * per awarded line with its average-quote and budget baselines, kept by board-facts.ts).
 */
function awardedLines(fromInstant: string, toInstant: string, categoryId: number | undefined, scope: BoardScope): SQL {
  return sql`
    select f.task_line_id as id, f.task_id, f.category_id, f.supplier_id, f.awarded_at, f.awarded_month,
           f.amount_fen as amount, f.freight_fen as freight, f.deductible_vat_fen as deductible, f.average_amount, f.budget_amount_fen as budget_amount
      from board_award_lines f
     where f.awarded_at >= ${ts(fromInstant)} and f.awarded_at < ${ts(toInstant)}
       ${categoryId === undefined ? sql`` : sql`and f.category_id in ${categorySubtree(categoryId)}`}
       ${taskInScope(scope)}`;
}

/** Savings as a ratio of the baseline: (baseline − awarded) / baseline over lines that have one. */
const savingsColumns = sql`
  round((sum(average_amount) - sum(amount) filter (where average_amount is not null)) / nullif(sum(average_amount), 0), 4)::float8 as savings_vs_average,
  round((sum(budget_amount) - sum(amount) filter (where budget_amount is not null)) / nullif(sum(budget_amount), 0), 4)::float8 as savings_vs_budget,
  round(sum(freight)::numeric / nullif(sum(amount) + sum(freight), 0), 4)::float8 as freight_share`;

const taskCategoryFilter = (categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`and f.category_ids && array${categorySubtree(categoryId)}`;

/**
 * Quotes can only be missing once quoting has ended: closed by hand, opened early (待定标 and on) or
 * past its deadline. A task still open for quotes does not count towards a response rate; a task
 * belongs to the period of its deadline.
 */
const quotingEnded = (now: Date = new Date()) =>
  sql`(f.status in ('evaluating', 'award_pending', 'awarded', 'completed') or (f.status = 'quoting' and f.quote_deadline <= ${ts(now.toISOString())}))`;

/** KPI figures for the current and the previous period in one pass over both. */
export function summaryQuery(current: Period, previous: Period, categoryId?: number, scope = ALL_DATA, now?: Date): SQL {
  const split = ts(current.fromInstant);
  return sql`
    with awards as (
      select (awarded_at >= ${split}) as cur, sum(amount)::text as amount, sum(deductible)::text as deductible, ${savingsColumns}
        from (${awardedLines(previous.fromInstant, current.toInstant, categoryId, scope)}) p
       group by 1
    ),
    completed as (
      select (f.completed_at >= ${split}) as cur, count(*)::int as n
        from board_task_facts f
       where f.completed_at >= ${ts(previous.fromInstant)} and f.completed_at < ${ts(current.toInstant)}
         ${taskCategoryFilter(categoryId)} ${taskInScope(scope)}
       group by 1
    ),
    responses as (
      select (f.quote_deadline >= ${split}) as cur,
             round(sum(f.quoted)::numeric / nullif(sum(f.invited), 0), 4)::float8 as rate
        from board_task_facts f
       where ${quotingEnded(now)}
         and f.quote_deadline >= ${ts(previous.fromInstant)} and f.quote_deadline < ${ts(current.toInstant)}
         ${taskCategoryFilter(categoryId)} ${taskInScope(scope)}
       group by 1
    )
    select p.cur, coalesce(a.amount, '0') as amount, coalesce(a.deductible, '0') as deductible, coalesce(c.n, 0) as completed,
           a.savings_vs_average, a.savings_vs_budget, a.freight_share, r.rate as response_rate
      from (values (true), (false)) p(cur)
      left join awards a on a.cur = p.cur
      left join completed c on c.cur = p.cur
      left join responses r on r.cur = p.cur`;
}

const monthsOf = (current: Period) => sql`
  select generate_series(date_trunc('month', ${current.from}::date), date_trunc('month', ${current.to}::date), interval '1 month')::date as month`;

export function monthlyAwardQuery(current: Period, categoryId?: number, scope = ALL_DATA): SQL {
  return sql`
    with a as (
      select awarded_month as month, sum(amount)::text as amount, count(distinct task_id)::int as tasks
        from (${awardedLines(current.fromInstant, current.toInstant, categoryId, scope)}) l
       group by 1
    )
    select to_char(m.month, 'YYYY-MM') as month, coalesce(a.amount, '0') as amount, coalesce(a.tasks, 0) as tasks
      from (${monthsOf(current)}) m left join a on a.month = m.month
     order by m.month`;
}

export function savingsTrendQuery(current: Period, categoryId?: number, scope = ALL_DATA): SQL {
  return sql`
    with a as (
      select awarded_month as month, ${savingsColumns}
        from (${awardedLines(current.fromInstant, current.toInstant, categoryId, scope)}) p
       group by 1
    )
    select to_char(m.month, 'YYYY-MM') as month, a.savings_vs_average, a.savings_vs_budget, a.freight_share
      from (${monthsOf(current)}) m left join a on a.month = m.month
     order by m.month`;
}

/**
 * Awarded amount per child of `parentId` (the roots when null): every line's category is rolled
 * up to the child it descends from. A parent without children answers for itself.
 */
export function categoryAmountQuery(current: Period, parentId: number | null, categoryId?: number, scope = ALL_DATA): SQL {
  const parent = parentId === null ? sql`null::int` : sql`${parentId}::int`;
  return sql`
    with shown as (
      select exists (select 1 from categories where parent_id is not distinct from ${parent}) as has_children
    ),
    tree as (
      select c.id,
             case when not shown.has_children then c.id
                  when c.parent_id is not distinct from ${parent} then c.id
                  when p1.parent_id is not distinct from ${parent} then p1.id
                  when p2.parent_id is not distinct from ${parent} then p2.id end as top
        from ${withAncestors} cross join shown
       where case when shown.has_children then ${parent} is null or ${parent} in (p1.id, p2.id) else c.id = ${parent} end
    ),
    sums as (
      select tree.top, sum(l.amount)::text as amount
        from (${awardedLines(current.fromInstant, current.toInstant, categoryId, scope)}) l
        join tree on tree.id = l.category_id
       group by tree.top
    )
    select k.id, k.name, s.amount, exists (select 1 from categories ch where ch.parent_id = k.id) as has_children
      from sums s join categories k on k.id = s.top
     order by s.amount::bigint desc, k.sort, k.id`;
}

export function topSuppliersQuery(current: Period, categoryId?: number, scope = ALL_DATA): SQL {
  return sql`
    select s.id, s.name, a.amount::text as amount
      from (
        select supplier_id, sum(amount) as amount
          from (${awardedLines(current.fromInstant, current.toInstant, categoryId, scope)}) l
         group by supplier_id
         order by sum(amount) desc, supplier_id
         limit 10
      ) a
      join suppliers s on s.id = a.supplier_id
     order by a.amount desc, s.id`;
}

/** Invited suppliers and the quotes they submitted, per supplier, over published tasks whose deadline is in the period (open ones too, as counts). */
export function supplierResponseQuery(current: Period, categoryId?: number, scope = ALL_DATA): SQL {
  return sql`
    select s.id, s.name, r.invited, r.quoted,
           round(r.quoted::numeric / r.invited, 4)::float8 as rate
      from (
        select ts.supplier_id, count(*)::int as invited, (count(*) filter (where ts.status = 'received'))::int as quoted
          from board_task_facts f
          join procurement_task_suppliers ts on ts.task_id = f.task_id
         where f.status in ('quoting', 'evaluating', 'award_pending', 'awarded', 'completed')
           and f.quote_deadline >= ${ts(current.fromInstant)} and f.quote_deadline < ${ts(current.toInstant)}
           ${taskCategoryFilter(categoryId)} ${taskInScope(scope)}
         group by ts.supplier_id
         order by count(*) desc, ts.supplier_id
         limit 15
      ) r
      join suppliers s on s.id = r.supplier_id
     order by r.invited desc, s.id`;
}

/**
 * Plans created in the period by the furthest stage they reached: every stage counts the plans
 * that are in it or went past it (a cancelled or rejected plan stops counting after 已创建).
 */
export function planFunnelQuery(current: Period, categoryId?: number, scope = ALL_DATA): SQL {
  const inCategory =
    categoryId === undefined
      ? sql`true`
      : sql`exists (select 1 from planning_task_lines x where x.plan_id = p.id and ${commoditiesInCategory(categoryId, sql`x.commodity_id`)})`;
  return sql`
    select count(*)::int as created,
           (count(*) filter (where p.status in ('submitted', 'approved', 'in_procurement', 'completed')))::int as submitted,
           (count(*) filter (where p.status in ('approved', 'in_procurement', 'completed')))::int as approved,
           (count(*) filter (where p.status in ('in_procurement', 'completed')))::int as in_procurement,
           (count(*) filter (where p.status = 'completed'))::int as completed
      from planning_tasks p
     where p.created_at >= ${ts(current.fromInstant)} and p.created_at < ${ts(current.toInstant)} and ${inCategory}
       ${inScope(sql`p.id`, planningTasks, scope.plans)}`;
}

export function categoryHeaderQuery(id: number): SQL {
  return sql`select id, name, parent_id from categories where id = ${id}`;
}
