/**
 * Statements at scale (docs/rules/quality-bars.md, "order to pay at scale"), through the running API
 * on PostgreSQL, one call after another as the finance clerk makes them:
 * - `supplier_statement/create` over at least 5,000 free movements of one supplier (bar ≤ 1 s): the
 *   newest days of the supplier with the most movements on no live statement, as many as reach
 *   5,000. Each run is cancelled through the API afterwards, which frees the movements for the next.
 * - `supplier_statement/match` (三单匹配) on the confirmed or invoiced statement with the most
 *   movements (bar ≤ 200 ms).
 * Median of 5 runs after one warm-up each. On the demo data no supplier has 5,000 movements: the
 * rows then say so and name what the run had.
 */
import { shanghaiDay } from '@scm/contract';
import type { Api } from './api';
import type { Query } from './query';
import { fmt, type Row, spread } from './report';

const RUNS = 5;
const MOVEMENTS = 5_000;
const SECTION = '对账 (PostgreSQL, 逐次调用)';

/** The supplier with the most free movements, and the newest period holding at least MOVEMENTS of them. */
async function createFixture(q: Query) {
  const free = `
    from purchase_receipt_lines rl
    join purchase_receipts r on r.id = rl.receipt_id
    join purchase_orders o on o.id = r.order_id
   where rl.quantity <> 0
     and not exists (select 1 from supplier_statement_movements m
                      where m.live and m.kind in ('receipt', 'reversal') and m.receipt_line_id = rl.id)`;
  const [top] = await q<{ supplier_id: number; n: number }>(
    `select o.supplier_id, count(*)::int as n ${free} group by o.supplier_id order by count(*) desc, o.supplier_id limit 1`,
  );
  if (!top) return null;
  const days = await q<{ day: string; n: number }>(
    `select r.received_on::text as day, count(*)::int as n ${free} and o.supplier_id = $1 group by r.received_on order by r.received_on desc`,
    [top.supplier_id],
  );
  let total = 0;
  let from = days[0]?.day;
  for (const d of days) {
    if (total >= MOVEMENTS) break;
    total += d.n;
    from = d.day;
  }
  return { supplierId: top.supplier_id, periodFrom: from, periodTo: shanghaiDay(new Date()), receiptLines: total };
}

export async function benchStatements(rows: Row[], api: Api, token: string, q: Query, log: (line: string) => void) {
  const fixture = await createFixture(q);
  const movementsOf = async (id: number) =>
    (await q<{ n: number }>('select count(*)::int as n from supplier_statement_movements where statement_id = $1', [id]))[0].n;

  if (!fixture) {
    rows.push({ section: SECTION, name: '新建对账单 supplier_statement/create', value: '无收货数据', bar: '≤ 1 s (5,000 条明细)', ok: null });
  } else {
    log(`对账单新建: 供应商 ${fixture.supplierId}, ${fixture.periodFrom}～${fixture.periodTo}, 约 ${fmt.int(fixture.receiptLines)} 条收货明细`);
    const times: number[] = [];
    let movements = 0;
    let failure: string | null = null;
    for (let run = 0; run <= RUNS && !failure; run++) {
      const created = await api.call(
        '/admin/supplier_statement/create',
        { supplier_id: fixture.supplierId, period_from: fixture.periodFrom, period_to: fixture.periodTo, remark: '压测对账' },
        token,
      );
      if (created.code !== 200) {
        failure = `${created.code} ${created.message}`;
        break;
      }
      if (run > 0) times.push(created.ms);
      movements = await movementsOf(created.data.id);
      const [{ version }] = await q<{ version: number }>('select version from supplier_statements where id = $1', [created.data.id]);
      const cancelled = await api.call('/admin/supplier_statement/cancel', { id: created.data.id, version, reason: '压测后取消' }, token);
      if (cancelled.code !== 200) failure = `取消失败 ${cancelled.code} ${cancelled.message}`;
    }
    const enough = movements >= MOVEMENTS;
    const s = spread(times);
    rows.push({
      section: SECTION,
      name: '新建对账单 supplier_statement/create',
      value: failure
        ? `无法测量: ${failure}`
        : `${fmt.spread(s)}, ${fmt.int(movements)} 条明细${enough ? '' : ' (数据不足 5,000 条: 需要 seed:scale)'}`,
      bar: '≤ 1 s (5,000 条明细)',
      ok: failure ? false : enough ? s.median <= 1000 : null,
      data: { times, movements, ...fixture },
    });
  }

  const [target] = await q<{ id: number; n: number }>(
    `select s.id, count(m.id)::int as n
       from supplier_statements s join supplier_statement_movements m on m.statement_id = s.id
      where s.status in ('confirmed', 'invoiced')
      group by s.id order by count(m.id) desc, s.id limit 1`,
  );
  if (!target) {
    rows.push({ section: SECTION, name: '三单匹配 supplier_statement/match', value: '无已确认的对账单', bar: '≤ 200 ms', ok: null });
    return;
  }
  const times: number[] = [];
  let failure: string | null = null;
  for (let run = 0; run <= RUNS; run++) {
    const matched = await api.call('/admin/supplier_statement/match', { id: target.id }, token);
    if (matched.code !== 200) {
      failure = `${matched.code} ${matched.message}`;
      break;
    }
    if (run > 0) times.push(matched.ms);
  }
  const s = spread(times);
  const enough = target.n >= MOVEMENTS;
  rows.push({
    section: SECTION,
    name: '三单匹配 supplier_statement/match',
    value: failure ? `无法测量: ${failure}` : `${fmt.spread(s)}, ${fmt.int(target.n)} 条明细${enough ? '' : ' (不足 5,000 条: 需要 seed:scale)'}`,
    bar: '≤ 200 ms',
    ok: failure ? false : enough ? s.median <= 200 : null,
    data: { times, statementId: target.id, movements: target.n },
  });
}
