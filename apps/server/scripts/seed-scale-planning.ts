import { DAY_MS, shanghaiCodeDay, shanghaiDay } from '@scm/contract';
/**
 * The planning step of `npm run seed:scale`: 50,000 plans with 500,000 lines (10 per plan) across
 * every status, owned by the administrator, with their totals computed in one statement at the end.
 */
import type pg from 'pg';

type BulkInsert = (client: pg.PoolClient | pg.Pool, table: string, columns: Record<string, string>, rows: unknown[][]) => Promise<void>;

export interface PlanningScaleOptions {
  bulkInsert: BulkInsert;
  commodityCount: () => number;
  planCount?: number;
}

const LINES_PER_PLAN = 10;
const BATCH_PLANS = 2_000;
const TYPES = ['regular', 'promotion', 'new_product', 'seasonal'] as const;
const TYPE_NAMES = { regular: '常规补货', promotion: '促销备货', new_product: '新品首采', seasonal: '季节备货' };
const WAREHOUSES = [
  ['sh_jiading', '上海仓'],
  ['gz_baiyun', '广州仓'],
  ['bj_daxing', '北京仓'],
  ['cd_shuangliu', '成都仓'],
  ['wh_dongxihu', '武汉仓'],
] as const;
/** Per 20 plans: 2 draft, 2 submitted, 2 approved, 1 rejected, 5 in procurement, 6 completed, 2 cancelled. */
const STATUS_CYCLE = [
  'draft',
  'draft',
  'submitted',
  'submitted',
  'approved',
  'approved',
  'rejected',
  'in_procurement',
  'in_procurement',
  'in_procurement',
  'in_procurement',
  'in_procurement',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'cancelled',
  'cancelled',
] as const;

export function planningScaleSteps(options: PlanningScaleOptions) {
  const planCount = options.planCount ?? Number(process.env.SCALE_PLANS ?? 50_000);
  const { bulkInsert } = options;
  return [
    {
      name: 'plans',
      async run(pool: pg.Pool) {
        await pool.query('truncate planning_tasks restart identity cascade');
        const [{ id: ownerId }] = (await pool.query<{ id: number }>('select min(id) as id from back_users')).rows;
        const commodities = options.commodityCount();
        const now = Date.now();
        for (let start = 1; start <= planCount; start += BATCH_PLANS) {
          const end = Math.min(start + BATCH_PLANS - 1, planCount);
          const plans: unknown[][] = [];
          const lines: unknown[][] = [];
          for (let n = start; n <= end; n++) {
            const status = STATUS_CYCLE[n % STATUS_CYCLE.length];
            const type = TYPES[n % TYPES.length];
            const [warehouse, place] = WAREHOUSES[n % WAREHOUSES.length];
            const created = now - (n % 720) * DAY_MS - (n % 86_400) * 1000;
            const periodStart = created + 10 * DAY_MS;
            const month = new Date(periodStart + 8 * 3600_000);
            plans.push([
              n,
              `JH${shanghaiCodeDay(now - (n % 720) * DAY_MS)}${String(Math.floor(n / 720) + 1).padStart(4, '0')}`,
              `${month.getUTCFullYear()}年${month.getUTCMonth() + 1}月${TYPE_NAMES[type]}计划-${place}${n}`,
              type,
              warehouse,
              shanghaiDay(periodStart),
              shanghaiDay(periodStart + 30 * DAY_MS),
              shanghaiDay(periodStart + 20 * DAY_MS),
              ownerId,
              status,
              status === 'draft' ? null : ownerId,
              new Date(created),
              new Date(created + (n % 7) * DAY_MS),
            ]);
            for (let i = 0; i < LINES_PER_PLAN; i++) {
              const commodityId = ((n * 7_919 + i * 104_729) % commodities) + 1;
              const quantity = 20 + ((n + i * 13) % 50) * 10;
              const awarded = status === 'completed' ? quantity : status === 'in_procurement' ? Math.floor((quantity * (i % 3)) / 2) : 0;
              lines.push([n, commodityId, quantity, 500 + ((commodityId * 37) % 50_000), awarded, i + 1]);
            }
          }
          await bulkInsert(
            pool,
            'planning_tasks',
            {
              id: 'int',
              code: 'text',
              name: 'text',
              plan_type: 'text',
              warehouse: 'text',
              period_start: 'date',
              period_end: 'date',
              required_by: 'date',
              owner_id: 'int',
              status: 'text',
              submitted_by: 'int',
              created_at: 'timestamptz',
              updated_at: 'timestamptz',
            },
            plans,
          );
          await bulkInsert(
            pool,
            'planning_task_lines',
            { plan_id: 'int', commodity_id: 'int', quantity: 'int', budget_unit_price_fen: 'bigint', awarded_quantity: 'int', sort: 'int' },
            lines,
          );
        }
        await pool.query(`select setval(pg_get_serial_sequence('planning_tasks', 'id'), (select max(id) from planning_tasks))`);
        await pool.query(`
          update planning_tasks p set line_count = t.line_count, planned_quantity = t.planned, awarded_quantity = t.awarded,
                 progress_quantity = t.awarded, budget_total_fen = t.budget
            from (select plan_id, count(*) as line_count, sum(quantity) as planned, sum(least(awarded_quantity, quantity)) as awarded,
                         sum(quantity::bigint * budget_unit_price_fen) as budget
                    from planning_task_lines group by plan_id) t
           where t.plan_id = p.id`);
        // The roll-up above rewrote every plan: vacuumed, not only analyzed, so no list reads dead rows.
        await pool.query('vacuum (analyze) planning_tasks, planning_task_lines');
        return `${planCount.toLocaleString('en-US')} plans, ${(planCount * LINES_PER_PLAN).toLocaleString('en-US')} lines`;
      },
    },
  ];
}
