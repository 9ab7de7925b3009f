import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { benchUser } from './bench-user';
import {
  type Db,
  addDays,
  categoryAmountQuery,
  openPayableFen,
  schema,
  monthlyAwardQuery,
  period,
  planFunnelQuery,
  previousPeriod,
  savingsTrendQuery,
  summaryQuery,
  supplierResponseQuery,
  topSuppliersQuery,
} from '../../apps/server/src';

const dialect = new PgDialect();

/**
 * The board's aggregates as the bench runs them: the default filter (the last 12 months up to
 * `today`), and the same with a category filter when one is given. Each is the exact statement
 * the API sends.
 */
export function boardBenchQueries(today: string, categoryId?: number): { name: string; sql: string; params: unknown[] }[] {
  const from = `${addDays(today, 1).slice(0, 7)}-01`;
  const current = period(`${Number(from.slice(0, 4)) - 1}${from.slice(4)}`, today);
  const list = [
    ['KPI 汇总 (本期+上期)', summaryQuery(current, previousPeriod(current))],
    ['月度定标货值', monthlyAwardQuery(current)],
    ['分类金额 (一级)', categoryAmountQuery(current, null)],
    ['供应商 TOP10', topSuppliersQuery(current)],
    ['计划状态漏斗', planFunnelQuery(current)],
    ['供应商报价响应率', supplierResponseQuery(current)],
    ['节约率趋势', savingsTrendQuery(current)],
  ] as const;
  const withCategory =
    categoryId === undefined
      ? []
      : ([
          ['KPI 汇总 + 分类筛选', summaryQuery(current, previousPeriod(current), categoryId)],
          ['分类金额 + 分类筛选', categoryAmountQuery(current, categoryId)],
        ] as const);
  return [...list, ...withCategory].map(([name, statement]) => {
    const query = dialect.sqlToQuery(statement);
    return { name, sql: query.sql, params: query.params };
  });
}

/**
 * The board's 待付款 (`open_payable_fen`) as the API sends it for an administrator (data scope
 * 全部数据): recorded from the board's own function through a drizzle without a connection, whose
 * logger sees the statement before the missing client refuses to run it.
 */
export async function openPayableBenchQuery(): Promise<{ name: string; sql: string; params: unknown[] }> {
  const recorded: { sql: string; params: unknown[] }[] = [];
  const db = drizzle.mock({ schema, logger: { logQuery: (sql, params) => recorded.push({ sql, params }) } }) as unknown as Db;
  await openPayableFen(db, benchUser).catch(() => undefined);
  if (recorded.length !== 1) throw new Error(`open_payable_fen: expected one statement, recorded ${recorded.length}`);
  return { name: '待付款 open_payable_fen', ...recorded[0] };
}
