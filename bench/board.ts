/**
 * Times each data-board aggregate at scale: EXPLAIN ANALYZE once (plan + server time), then the
 * median of 5 plain runs as a client sees it.
 *
 *   DATABASE_URL=postgres://… npm run bench:board -w bench
 */
import pg from 'pg';
import { shanghaiDay } from '../apps/server/src';
import { boardBenchQueries, openPayableBenchQuery } from './lib/board-queries';

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const { rows } = await pool.query<{ id: number }>('select id from categories where level = 1 order by id limit 1');
  const queries = [...boardBenchQueries(shanghaiDay(new Date()), rows[0]?.id), await openPayableBenchQuery()];
  const results: { name: string; explainMs: number; medianMs: number }[] = [];
  for (const q of queries) {
    const explained = await pool.query(`explain (analyze, buffers, format json) ${q.sql}`, q.params);
    const plan = (explained.rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0];
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await pool.query(q.sql, q.params);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ name: q.name, explainMs: plan['Execution Time'], medianMs: times[2] });
    if (process.env.SHOW_PLANS) {
      const text = await pool.query(`explain (analyze) ${q.sql}`, q.params);
      console.log(`\n== ${q.name}\n${text.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  console.log('\n数据看板聚合 (目标 ≤ 300 ms)');
  for (const r of results) {
    const ok = r.medianMs <= 300 ? '✓' : '✗';
    console.log(
      `  ${ok} ${r.name.padEnd(16)} EXPLAIN ANALYZE ${r.explainMs.toFixed(1).padStart(8)} ms   中位数 ${r.medianMs.toFixed(1).padStart(8)} ms`,
    );
  }
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
