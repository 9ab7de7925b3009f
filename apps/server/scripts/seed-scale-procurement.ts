/**
 * The procurement steps of `npm run seed:scale`: 2,000 suppliers, 100,000 procurement tasks with
 * about 500,000 lines, 400,000 invitations and 2,000,000 quotation lines. Task 1 is the benchmark's
 * comparison fixture: 20 lines × 8 quoting suppliers.
 */
import { creditCodeWithCheck, DAY_MS, shanghaiCodeDay, shanghaiDay } from '@scm/contract';
import type pg from 'pg';

type BulkInsert = (client: pg.PoolClient | pg.Pool, table: string, columns: Record<string, string>, rows: unknown[][]) => Promise<void>;

export interface ProcurementScaleOptions {
  bulkInsert: BulkInsert;
  commodityCount: () => number;
  supplierCount?: number;
  taskCount?: number;
}

const BATCH_TASKS = 1_000;
/** The supplier with the most orders: supplier 1 is invited second to every 16th task. */
export const KEY_SUPPLIER_ID = 1;
const KEY_SUPPLIER_EVERY = 16;
const quoteFreightFen = (t: number, k: number) => 1000 + ((t + k) % 40) * 100;
const creditCode = (n: number) => creditCodeWithCheck(`91330100MA${String(n).padStart(7, '0')}`);

// biome-ignore format: a data table, one record per line
const PLACES = [
  ['330782', '义乌'], ['440606', '顺德'], ['320506', '苏州'], ['370702', '潍坊'], ['350526', '德化'], ['131081', '霸州'],
  ['320602', '南通'], ['330481', '海宁'], ['441900', '东莞'], ['350200', '厦门'], ['420106', '武汉'], ['510107', '成都'],
] as const;
const TRADES = ['家居用品', '日用品', '塑胶制品', '家纺', '陶瓷餐具', '木业', '床品', '五金制品', '收纳用品', '清洁用品', '厨具', '工艺品'];
const STATUSES = ['draft', 'quoting', 'evaluating', 'awarded', 'completed', 'cancelled'] as const;
/** Per 20 tasks: 1 draft, 3 quoting, 3 evaluating, 5 awarded, 6 completed, 2 cancelled. */
const STATUS_CYCLE = [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5];

export function procurementScaleSteps(options: ProcurementScaleOptions) {
  const supplierCount = options.supplierCount ?? Number(process.env.SCALE_SUPPLIERS ?? 2_000);
  const taskCount = options.taskCount ?? Number(process.env.SCALE_TASKS ?? 100_000);
  const { bulkInsert } = options;

  const suppliers = {
    name: 'suppliers',
    async run(pool: pg.Pool) {
      await pool.query('truncate suppliers, procurement_tasks restart identity cascade');
      const rows: unknown[][] = [];
      for (let n = 1; n <= supplierCount; n++) {
        const [region, place] = PLACES[n % PLACES.length];
        const trade = TRADES[(n * 7) % TRADES.length];
        rows.push([
          n,
          `GYS20260101${String(n).padStart(4, '0')}`,
          `${place}${['恒', '华', '美', '优', '鑫', '宏', '盛', '佳'][n % 8]}${['达', '泰', '居', '品', '源', '丰'][n % 6]}${trade}有限公司${n}`,
          ['张', '王', '李', '陈', '刘', '周'][n % 6] + ['经理', '总', '主管'][n % 3],
          `139${String(10_000_000 + n).slice(-8)}`,
          region,
          creditCode(n),
          ['monthly', 'cash', 'prepaid'][n % 3],
          ['A', 'B', 'C', 'D'][n % 4],
          n % 25 === 0 ? 'disabled' : n % 97 === 0 ? 'blacklisted' : 'enabled',
        ]);
      }
      await bulkInsert(
        pool,
        'suppliers',
        {
          id: 'int',
          code: 'text',
          name: 'text',
          contact_person: 'text',
          phone: 'text',
          region_code: 'text',
          credit_code: 'text',
          settlement_type: 'text',
          grade: 'text',
          status: 'text',
        },
        rows,
      );
      await pool.query(`select setval(pg_get_serial_sequence('suppliers', 'id'), ${supplierCount})`);
      return `${supplierCount.toLocaleString('en-US')} rows`;
    },
  };

  const tasks = {
    name: 'procurement tasks and quotations',
    async run(pool: pg.Pool) {
      const commodityCount = options.commodityCount();
      // Empty already after the suppliers step; this lets the step run again alone (SCALE_ONLY).
      await pool.query('truncate procurement_tasks restart identity cascade');
      const { rows: users } = await pool.query<{ id: number }>('select min(id) as id from back_users');
      const buyerId = users[0].id;
      const enabled: number[] = [];
      for (let n = 1; n <= supplierCount; n++) if (n % 25 !== 0 && n % 97 !== 0) enabled.push(n);
      const now = Date.now();
      let lineId = 0;
      let quoteId = 0;
      let quoteLines = 0;
      const client = await pool.connect();
      try {
        for (let start = 1; start <= taskCount; start += BATCH_TASKS) {
          const end = Math.min(start + BATCH_TASKS - 1, taskCount);
          const taskRows: unknown[][] = [];
          const lineRows: unknown[][] = [];
          const inviteRows: unknown[][] = [];
          const quoteRows: unknown[][] = [];
          const quoteLineRows: unknown[][] = [];
          for (let t = start; t <= end; t++) {
            const benchmark = t === 1;
            const status = benchmark ? 'evaluating' : STATUSES[STATUS_CYCLE[t % STATUS_CYCLE.length]];
            const lineCount = benchmark ? 20 : 5 + (t % 2 === 0 ? 1 : 0);
            const supplierIds = Array.from({ length: benchmark ? 8 : 4 }, (_, k) => enabled[(t * 13 + k * 97) % enabled.length]);
            // The statement bench's supplier (bench/config.ts) wins a share of the tasks, so it has
            // thousands of ledger movements a period.
            if (!benchmark && t % KEY_SUPPLIER_EVERY === 1 && !supplierIds.includes(KEY_SUPPLIER_ID)) supplierIds[1] = KEY_SUPPLIER_ID;
            const created = now - (t % 720) * DAY_MS;
            const deadline = status === 'draft' || status === 'quoting' ? now + ((t % 14) + 1) * DAY_MS : created + 7 * DAY_MS;
            const lines: { id: number; quantity: number; price: number }[] = [];
            for (let l = 0; l < lineCount; l++) {
              lineId += 1;
              const commodityId = ((t * 31 + l * 7919) % commodityCount) + 1;
              const price = 500 + ((commodityId * 37) % 20_000);
              const quantity = 10 * (1 + ((t + l) % 50));
              lines.push({ id: lineId, quantity, price });
            }
            const quoted = status !== 'draft';
            const awarded = status === 'awarded' || status === 'completed';
            let awardedAmount = 0;
            for (const [l, line] of lines.entries()) {
              // Split awards: even lines to the first invited supplier, odd ones to the second, so
              // each awarded task makes two orders (seed-scale-orders.ts); each winner's first line
              // carries its quote's freight.
              const winner = l % 2;
              const freight = awarded && l < 2 ? quoteFreightFen(t, winner) : 0;
              if (awarded) awardedAmount += Math.round(line.price * 0.97) * line.quantity + freight;
              lineRows.push([
                line.id,
                t,
                l,
                ((t * 31 + l * 7919) % commodityCount) + 1,
                line.quantity,
                line.price,
                awarded ? supplierIds[winner] : null,
                awarded ? Math.round(line.price * 0.97) : null,
                awarded ? freight : null,
              ]);
            }
            taskRows.push([
              t,
              `CG${shanghaiCodeDay(created)}${String(t).padStart(6, '0')}`,
              `${TRADES[t % TRADES.length]}采购任务${t}`,
              buyerId,
              new Date(deadline),
              PLACES[t % PLACES.length][0],
              status,
              awarded ? awardedAmount : null,
              awarded ? new Date(deadline + DAY_MS) : null,
              new Date(created),
              new Date(created + DAY_MS),
              false,
            ]);
            for (const [k, supplierId] of supplierIds.entries()) {
              const hasQuote = quoted && (benchmark || k < 3 || t % 5 !== 0);
              inviteRows.push([t, supplierId, hasQuote ? 'received' : status === 'draft' ? 'pending' : 'declined']);
              if (!hasQuote) continue;
              quoteId += 1;
              const quoteStatus = awarded ? (k < 2 ? 'awarded' : 'lost') : 'submitted';
              quoteRows.push([
                quoteId,
                `BJ${shanghaiCodeDay(created)}${String(quoteId).padStart(7, '0')}`,
                t,
                supplierId,
                shanghaiDay(deadline - DAY_MS),
                shanghaiDay(deadline + 60 * DAY_MS),
                13,
                'manual',
                quoteFreightFen(t, k),
                quoteStatus,
              ]);
              for (const [l, line] of lines.entries()) {
                const missing = !benchmark && (t + k + l) % 17 === 0;
                quoteLineRows.push([
                  quoteId,
                  line.id,
                  missing ? null : Math.round(line.price * (0.9 + ((t + k * 3 + l) % 20) / 100)),
                  missing ? null : [20, 50, 100][(k + l) % 3],
                  missing ? null : 3 + ((t + k + l) % 15),
                ]);
              }
            }
          }
          await client.query('begin');
          await bulkInsert(
            client,
            'procurement_tasks',
            {
              id: 'int',
              code: 'text',
              name: 'text',
              buyer_id: 'int',
              quote_deadline: 'timestamptz',
              delivery_region_code: 'text',
              status: 'text',
              awarded_amount_fen: 'bigint',
              awarded_at: 'timestamptz',
              created_at: 'timestamptz',
              updated_at: 'timestamptz',
              // Generated quotes are plain rows: the tasks are quoted in the open (docs/portal.md).
              sealed: 'boolean',
            },
            taskRows,
          );
          await bulkInsert(
            client,
            'procurement_task_lines',
            {
              id: 'int',
              task_id: 'int',
              sort: 'int',
              commodity_id: 'int',
              quantity: 'int',
              target_price_fen: 'bigint',
              awarded_supplier_id: 'int',
              awarded_unit_price_fen: 'bigint',
              awarded_freight_fen: 'bigint',
            },
            lineRows,
          );
          await bulkInsert(client, 'procurement_task_suppliers', { task_id: 'int', supplier_id: 'int', status: 'text' }, inviteRows);
          await bulkInsert(
            client,
            'quotations',
            {
              id: 'int',
              code: 'text',
              task_id: 'int',
              supplier_id: 'int',
              quote_date: 'date',
              valid_until: 'date',
              tax_rate_percent: 'int',
              freight_mode: 'text',
              freight_fen: 'bigint',
              status: 'text',
            },
            quoteRows,
          );
          await bulkInsert(
            client,
            'quotation_lines',
            { quotation_id: 'int', task_line_id: 'int', unit_price_fen: 'bigint', moq: 'int', lead_time_days: 'int' },
            quoteLineRows,
          );
          await client.query('commit');
          quoteLines += quoteLineRows.length;
          if (end % 10_000 === 0) console.log(`    ${end.toLocaleString('en-US')} tasks, ${quoteLines.toLocaleString('en-US')} quotation lines`);
        }
      } finally {
        client.release();
      }
      for (const [table, max] of [
        ['procurement_tasks', taskCount],
        ['procurement_task_lines', lineId],
        ['quotations', quoteId],
      ] as const) {
        await pool.query(`select setval(pg_get_serial_sequence('${table}', 'id'), ${Math.max(1, max)})`);
      }
      await pool.query(
        'analyze suppliers; analyze procurement_tasks; analyze procurement_task_lines; analyze procurement_task_suppliers; analyze quotations; analyze quotation_lines',
      );
      return `${taskCount.toLocaleString('en-US')} tasks, ${lineId.toLocaleString('en-US')} lines, ${quoteId.toLocaleString('en-US')} quotations, ${quoteLines.toLocaleString('en-US')} quotation lines (task 1: 20 lines × 8 suppliers)`;
    },
  };
  return { suppliers, tasks };
}
