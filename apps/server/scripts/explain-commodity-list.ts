/**
 * Prints the commodity list SQL and its EXPLAIN ANALYZE on a seeded PostgreSQL database
 * (DATABASE_URL), for the cases the benchmark measures.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/explain-commodity-list.ts [keyword] [category code]
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { listCommodities } from '../src/modules/commodity/search/list';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const keyword = process.argv[2] ?? '毛巾';
const categoryCode = process.argv[3] ?? 'JF';

const pool = new pg.Pool({ connectionString: url, max: 2 });
const logged: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => logged.push({ sql, params }) } }) as unknown as Db;
const [category] = await db.select().from(schema.categories).where(eq(schema.categories.code, categoryCode));
const explainDb = new pg.Client({ connectionString: url });
await explainDb.connect();

const cases = [
  { name: 'keyword + category, page 1', input: { keyword, categoryId: category.id, page: 1, pageSize: 20 } },
  { name: 'keyword + category, deep page', input: { keyword, categoryId: category.id, page: 200, pageSize: 20 } },
  { name: 'no filter, page 1', input: { page: 1, pageSize: 20 } },
  {
    name: 'category only, sort by price',
    input: { categoryId: category.id, page: 1, pageSize: 20, sortField: 'referencePriceFen' as const, sortOrder: 'ascend' as const },
  },
  { name: 'SKU code keyword', input: { keyword: 'JF0101-00123', page: 1, pageSize: 20 } },
];
for (const c of cases) {
  logged.length = 0;
  const started = performance.now();
  const result = await listCommodities(db, c.input);
  const ms = performance.now() - started;
  console.log(`\n=== ${c.name}: total ${result.total}, ${result.list.length} rows, ${ms.toFixed(1)} ms through listCommodities`);
  for (const q of logged) {
    if (c === cases[0]) console.log(`SQL: ${q.sql}\nparams: ${JSON.stringify(q.params)}`);
    const plan = await explainDb.query(`explain (analyze, buffers off) ${q.sql}`, q.params);
    const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
    console.log(
      lines
        .filter((l) => /Scan|Join|Sort|Execution|Limit|Aggregate/.test(l))
        .slice(0, 12)
        .join('\n'),
    );
  }
}
await explainDb.end();
await pool.end();
