/**
 * Fills a PostgreSQL database with plans, procurement tasks and quotations at the scale of
 * quality.md, so the data board's aggregates can be timed (npm run bench, scripts/bench-board.ts):
 * 2,000 suppliers, 50,000 plans with 500,000 lines, 100,000 tasks with 500,000 lines, 400,000
 * quotations with 2,000,000 quotation lines, awards spread over the last two years.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/seed-scale-board.ts
 *
 * It reads the categories and commodities already there (the commodity step of seed:scale) and
 * only makes a small catalogue itself when there is none. The board's award facts are rebuilt at
 * the end, as the award would have written them. Everything is generated inside the
 * database with generate_series: no row travels through Node. Re-running replaces these rows.
 */
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { refreshBoardFacts } from '../src/modules/data-board/board-facts';

const SUPPLIERS = Number(process.env.SCALE_SUPPLIERS ?? 2_000);
const PLANS = Number(process.env.SCALE_PLANS ?? 50_000);
const TASKS = Number(process.env.SCALE_TASKS ?? 100_000);
const COMMODITIES = Number(process.env.SCALE_COMMODITIES ?? 100_000);
const BUYERS = 20;
const PLAN_LINES_PER_PLAN = 10;
const LINES_PER_TASK = 5;
const QUOTES_PER_TASK = 4;

async function step(pool: pg.Pool, name: string, statement: string) {
  const started = Date.now();
  const result = await pool.query(statement);
  console.log(`  ${name}: ${result.rowCount ?? 0} 行, ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const config = loadConfig({ ...process.env, DATABASE_URL: url, SEED_DEMO: 'false' });
  const database = openDatabase({ url, dataDir: config.DATA_DIR });
  await database.migrate();
  await seedDatabase(database.db, config);
  await database.close();

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query("set maintenance_work_mem = '512MB'");
  await pool.query("set work_mem = '64MB'");
  console.log('seed-scale-board');

  await step(pool, '清空旧数据', `truncate quotation_lines, quotations, procurement_task_suppliers, procurement_task_lines,
    procurement_tasks, planning_task_lines, planning_tasks, supplier_categories, suppliers restart identity cascade`);
  await pool.query(`delete from back_users where email like 'scale-buyer-%'`);

  const { rows: counted } = await pool.query<{ n: number }>('select count(*)::int as n from commodities');
  if (counted[0].n < 1000) {
    await step(pool, '分类 (10×10×10)', `
      insert into categories (name, code, level, parent_id)
      select '规模分类' || a, 'SC' || lpad(a::text, 2, '0'), 1, null from generate_series(1, 10) a`);
    await step(pool, '二级分类', `
      insert into categories (name, code, level, parent_id)
      select p.name || '-' || b, p.code || lpad(b::text, 2, '0'), 2, p.id
        from categories p cross join generate_series(1, 10) b where p.code like 'SC%' and p.level = 1`);
    await step(pool, '三级分类', `
      insert into categories (name, code, level, parent_id)
      select p.name || '-' || c, p.code || lpad(c::text, 2, '0'), 3, p.id
        from categories p cross join generate_series(1, 10) c where p.code like 'SC%' and p.level = 2`);
    await pool.query('drop table if exists leaf_ids');
    await pool.query(`create temporary table leaf_ids as
      select row_number() over (order by id) - 1 as n, id from categories where level = 3 and code like 'SC%'`);
    await step(pool, `商品 ${COMMODITIES}`, `
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen)
      select 'SCALE-' || i, '规模商品' || i, leaf.id, 'piece', 500 + (i * 37) % 20000
        from generate_series(1, ${COMMODITIES}) i join leaf_ids leaf on leaf.n = i % 1000`);
  }

  await step(pool, `采购员 ${BUYERS}`, `
    insert into back_users (email, username, password_hash, role_id)
    select 'scale-buyer-' || i || '@jiaju.com', '采购员' || i, u.password_hash, u.role_id
      from generate_series(1, ${BUYERS}) i cross join (select password_hash, role_id from back_users order by id limit 1) u`);

  await step(pool, `供应商 ${SUPPLIERS}`, `
    insert into suppliers (code, name, contact_person, phone, region_code, credit_code, settlement_type, grade)
    select 'GYSS' || lpad(i::text, 6, '0'), '规模供应商' || i || '号家居有限公司', '联系人' || i, '13800000000', '440300',
           '91' || lpad(i::text, 16, '0'), 'monthly', chr(65 + i % 4)
      from generate_series(1, ${SUPPLIERS}) i`);

  // Ids are dense from 1 after the truncate; commodities and buyers are looked up by position.
  await pool.query('drop table if exists commodity_ids');
  await pool.query('create temporary table commodity_ids as select row_number() over (order by id) as n, id from commodities');
  await pool.query('create index on commodity_ids (n)');
  await pool.query('drop table if exists buyer_ids');
  await pool.query(`create temporary table buyer_ids as select row_number() over (order by id) - 1 as n, id from back_users where email like 'scale-buyer-%'`);

  await step(pool, `计划 ${PLANS}`, `
    insert into planning_tasks (code, name, plan_type, warehouse, owner_id, status, created_at, updated_at, line_count)
    select 'JHS' || lpad(i::text, 8, '0'), '规模计划' || i, 'regular', 'sh_jiading', b.id,
           (array['draft','draft','submitted','approved','rejected','in_procurement','in_procurement','completed','completed','cancelled'])[1 + i % 10],
           now() - ((i % 730) || ' days')::interval, now() - ((i % 730) || ' days')::interval, ${PLAN_LINES_PER_PLAN}
      from generate_series(1, ${PLANS}) i join buyer_ids b on b.n = i % ${BUYERS}`);
  await step(pool, `计划行 ${PLANS * PLAN_LINES_PER_PLAN}`, `
    insert into planning_task_lines (plan_id, commodity_id, quantity, budget_unit_price_fen, sort)
    select 1 + j / ${PLAN_LINES_PER_PLAN}, c.id, 10 + j % 200, 1000 + (j * 13) % 9000, j % ${PLAN_LINES_PER_PLAN}
      from generate_series(0::bigint, ${PLANS * PLAN_LINES_PER_PLAN - 1}) j
      join commodity_ids c on c.n = 1 + (j * 7919) % (select count(*) from commodity_ids)`);

  // Status by i % 20: 0 quoting, 1 evaluating, 2 cancelled, 3–11 awarded, 12–19 completed.
  await step(pool, `采购任务 ${TASKS}`, `
    insert into procurement_tasks (code, name, plan_id, buyer_id, quote_deadline, delivery_region_code, status, awarded_at, created_at, updated_at)
    select 'CGS' || lpad(i::text, 8, '0'), '规模采购任务' || i, case when i % 2 = 0 then 1 + (i / 2) % ${PLANS} end, b.id,
           case when i % 20 = 0 then now() + ((i % 5) || ' days')::interval else at - interval '3 days' end,
           '310000',
           case when i % 20 = 0 then 'quoting' when i % 20 = 1 then 'evaluating' when i % 20 = 2 then 'cancelled'
                when i % 20 < 12 then 'awarded' else 'completed' end,
           case when i % 20 >= 3 then at end,
           at - interval '7 days', case when i % 20 >= 12 then at + interval '5 days' else at end
      from generate_series(1, ${TASKS}) i
      join buyer_ids b on b.n = i % ${BUYERS}
      cross join lateral (select now() - ((i % 730) || ' days')::interval - ((i % 24) || ' hours')::interval as at) t`);

  // Supplier k = 0 quotes lowest on every line and wins it; the others quote 5, 10, 15 % higher.
  await step(pool, `采购任务行 ${TASKS * LINES_PER_TASK}`, `
    insert into procurement_task_lines (task_id, sort, commodity_id, quantity, target_price_fen, plan_line_id,
                                        awarded_supplier_id, awarded_unit_price_fen, awarded_freight_fen)
    select t.id, j % ${LINES_PER_TASK}, c.id, 10 + j % 200, 1000 + (j * 13) % 9000,
           case when t.plan_id is not null then 1 + (j * 3) % ${PLANS * PLAN_LINES_PER_PLAN} end,
           case when t.awarded_at is not null then 1 + (t.id * 7) % ${SUPPLIERS} end,
           case when t.awarded_at is not null then (1000 + (j * 13) % 9000) * (90 + j % 3) / 100 end,
           case when t.awarded_at is not null then 100 + (j % 7) * 50 end
      from generate_series(0::bigint, ${TASKS * LINES_PER_TASK - 1}) j
      join procurement_tasks t on t.id = 1 + j / ${LINES_PER_TASK}
      join commodity_ids c on c.n = 1 + (j * 104729) % (select count(*) from commodity_ids)`);

  await step(pool, '邀请供应商', `
    insert into procurement_task_suppliers (task_id, supplier_id, status)
    select t.id, 1 + (t.id * 7 + case when k = ${QUOTES_PER_TASK} then 250 else k * 500 end) % ${SUPPLIERS},
           case when k = ${QUOTES_PER_TASK} then 'declined' else 'received' end
      from procurement_tasks t cross join generate_series(0, ${QUOTES_PER_TASK}) k
     where k < ${QUOTES_PER_TASK} or t.id % 9 = 0`);

  await step(pool, `报价单 ${TASKS * QUOTES_PER_TASK}`, `
    insert into quotations (code, task_id, supplier_id, quote_date, valid_until, tax_rate_percent, freight_mode, freight_fen, status)
    select 'BJS' || lpad((t.id * ${QUOTES_PER_TASK} + k)::text, 9, '0'), t.id, 1 + (t.id * 7 + k * 500) % ${SUPPLIERS},
           (t.quote_deadline - interval '2 days')::date, (t.quote_deadline + ((5 + k * 3) || ' days')::interval)::date, 13, 'manual',
           500 + k * 100,
           case when t.awarded_at is null then 'submitted' when k = 0 then 'awarded' else 'lost' end
      from procurement_tasks t cross join generate_series(0, ${QUOTES_PER_TASK - 1}) k`);

  // One line in 50 is left unpriced (the board must not read it as zero).
  await step(pool, `报价行 ${TASKS * QUOTES_PER_TASK * LINES_PER_TASK}`, `
    insert into quotation_lines (quotation_id, task_line_id, unit_price_fen, moq, lead_time_days)
    select q.id, l.id,
           case when k.k > 0 and (l.id + k.k) % 50 = 0 then null
                else l.target_price_fen * (90 + l.id % 3 + k.k * 5) / 100 end,
           10, 3 + k.k
      from quotations q
      join lateral (select (q.supplier_id - 1 - q.task_id * 7 % ${SUPPLIERS} + ${SUPPLIERS}) % ${SUPPLIERS} / 500 as k) k on true
      join procurement_task_lines l on l.task_id = q.task_id`);

  await step(pool, '定标金额汇总', `
    update procurement_tasks t set awarded_amount_fen = s.amount
      from (select task_id, sum(quantity::bigint * awarded_unit_price_fen) as amount from procurement_task_lines
             where awarded_unit_price_fen is not null group by task_id) s
     where s.task_id = t.id`);

  const started = Date.now();
  const facts = openDatabase({ url, dataDir: config.DATA_DIR });
  await refreshBoardFacts(facts.db);
  await facts.close();
  console.log(`  看板定标事实表: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  await pool.query('analyze');
  const { rows } = await pool.query<{ t: string; n: string }>(`
    select 'suppliers' t, count(*)::text n from suppliers union all select 'planning_tasks', count(*)::text from planning_tasks
    union all select 'planning_task_lines', count(*)::text from planning_task_lines union all select 'procurement_tasks', count(*)::text from procurement_tasks
    union all select 'procurement_task_lines', count(*)::text from procurement_task_lines union all select 'quotations', count(*)::text from quotations
    union all select 'quotation_lines', count(*)::text from quotation_lines union all select 'commodities', count(*)::text from commodities`);
  for (const r of rows) console.log(`  ${r.t}: ${Number(r.n).toLocaleString('en')}`);
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
