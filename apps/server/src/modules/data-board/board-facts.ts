import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Rewrites the board's facts of the given procurement tasks (all tasks when omitted): one row per
 * awarded line with its baselines, and one row per task with its quote responses, completion and
 * categories. Procurement writes reach it through writeTasks (procurement-task/task-write.ts), which
 * calls it once before each commit for the tasks the write touched.
 */
export async function refreshBoardFacts(tx: Db, taskIds?: number[]) {
  if (taskIds?.length === 0) return;
  const ids =
    taskIds &&
    sql.join(
      taskIds.map((id) => sql`${id}`),
      sql`, `,
    );
  const scope: SQL = ids ? sql`t.id in (${ids})` : sql`true`;

  await tx.execute(ids ? sql`delete from board_award_lines where task_id in (${ids})` : sql`delete from board_award_lines`);
  await tx.execute(sql`
    insert into board_award_lines (task_line_id, task_id, awarded_at, awarded_month, commodity_id, category_id, supplier_id,
                                   amount_fen, freight_fen, deductible_vat_fen, average_amount, budget_amount_fen)
    select l.id, l.task_id, t.awarded_at, date_trunc('month', t.awarded_at at time zone 'Asia/Shanghai')::date,
           l.commodity_id, c.category_id, l.awarded_supplier_id,
           coalesce(l.awarded_quantity, l.quantity)::bigint * l.awarded_unit_price_fen,
           coalesce(l.awarded_freight_fen, 0),
           coalesce(l.awarded_deductible_vat_fen, 0),
           a.average_price * coalesce(l.awarded_quantity, l.quantity),
           coalesce(pl.budget_unit_price_fen, l.target_price_fen) * coalesce(l.awarded_quantity, l.quantity)
      from procurement_tasks t
      join procurement_task_lines l on l.task_id = t.id
      join commodities c on c.id = l.commodity_id
      left join planning_task_lines pl on pl.id = l.plan_line_id
      left join lateral (
        select avg(ql.unit_price_fen) as average_price
          from quotation_lines ql join quotations q on q.id = ql.quotation_id
         where ql.task_line_id = l.id and ql.unit_price_fen is not null and q.status <> 'draft'
      ) a on true
     where ${scope}
       and t.status in ('awarded', 'completed') and t.awarded_at is not null
       and l.awarded_supplier_id is not null and l.awarded_unit_price_fen is not null`);

  await tx.execute(ids ? sql`delete from board_task_facts where task_id in (${ids})` : sql`delete from board_task_facts`);
  await tx.execute(sql`
    insert into board_task_facts (task_id, status, quote_deadline, completed_at, invited, quoted, category_ids)
    select t.id, t.status, t.quote_deadline, case when t.status = 'completed' then t.updated_at end,
           coalesce(s.invited, 0), coalesce(s.quoted, 0), coalesce(k.category_ids, '{}')
      from procurement_tasks t
      left join lateral (
        select count(*)::int as invited, (count(*) filter (where ts.status = 'received'))::int as quoted
          from procurement_task_suppliers ts where ts.task_id = t.id
      ) s on true
      left join lateral (
        select array_agg(distinct c.category_id) as category_ids
          from procurement_task_lines l join commodities c on c.id = l.commodity_id where l.task_id = t.id
      ) k on true
     where ${scope}`);
}
