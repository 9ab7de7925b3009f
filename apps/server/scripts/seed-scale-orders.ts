/**
 * The order-to-pay steps of `npm run seed:scale`: for every awarded or completed scale task, the
 * orders its award made (two per task, about 110,000), their shipping notices, receipts (some with
 * goods refused at the dock), reversals, returns, and the suppliers' statements.
 *
 * Orders, shipments, receipts and returns are written in bulk (one multi-row insert per table and
 * batch of tasks): going through the services would cost a transaction per document, hours at this
 * size. They are the rows those services leave: `createAwardOrders` (lines in task order, freight
 * the sum of the lines' shares, invoice type and rate from the winner's quote), `confirmOrder`,
 * `createShipment` and `receiveShipment` (a received notice keeps what the receipt accepted),
 * `receiveOrder`, `reverseReceipt` (a mirror receipt with the lines negated, the reversed one's
 * version moved), `createReturn` / `confirmReturn` / `shipReturn` and `closeOrder` / `rejectOrder`.
 * Every derived figure goes through the ledger's own code: a line's net received, refused, returned
 * and settled-short quantities are the sums of its movements as `postMovements` adds them, and the
 * order's status is `ledgerStatus` of those lines. Left out are what the services write beside the
 * documents: audit rows and messages. Statements (the second step) go through the statement
 * services themselves: they gather movements in SQL and are fast enough.
 */
import { DAY_MS, shanghaiCodeDay, shanghaiDay } from '@scm/contract';
import type pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import type { AuthUser } from '../src/lib/http/context';
import { ledgerStatus } from '../src/modules/purchase-order/ledger';
import { createBackUser } from '../src/modules/back-user/service';
import { approveStatement, payStatement } from '../src/modules/supplier-statement/approval';
import { groupsOf } from '../src/modules/supplier-statement/check';
import { companyTaxId } from '../src/modules/supplier-statement/company';
import { registerInvoice } from '../src/modules/supplier-statement/invoices';
import { createStatement, cancelStatement, sendStatement } from '../src/modules/supplier-statement/service';
import { confirmStatement, disputeStatement } from '../src/modules/supplier-statement/supplier-acts';
import { KEY_SUPPLIER_ID } from './seed-scale-procurement';

type BulkInsert = (client: pg.PoolClient | pg.Pool, table: string, columns: Record<string, string>, rows: unknown[][]) => Promise<void>;

const BATCH_TASKS = 2_000;
/** Movements the statement bench needs free (docs/rules/quality-bars.md, "order to pay at scale"). */
export const STATEMENT_BENCH_MOVEMENTS = 5_000;

interface TaskLineRow {
  task_id: number;
  task_code: string;
  task_status: 'awarded' | 'completed';
  buyer_id: number;
  region: string;
  awarded_at: Date | null;
  line_id: number;
  commodity_id: number;
  quantity: number;
  supplier_id: number;
  unit_price_fen: string;
  freight_fen: string;
  invoice_type: 'special' | 'ordinary' | 'none' | null;
  tax_rate_percent: number | null;
}

interface Line {
  id: number;
  orderId: number;
  sort: number;
  taskLineId: number;
  commodityId: number;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
  freightFen: number;
  receivedQuantity: number;
  rejectedQuantity: number;
  returnedQuantity: number;
  settledShortQuantity: number;
}

type Plan = 'pending' | 'rejected' | 'confirmed' | 'in_transit' | 'partial' | 'received' | 'closed';

const CARRIERS = ['顺丰速运', '德邦物流', '安能物流', '中通快运', '自有车辆', '京东物流'];
const PLATE_AREAS = ['浙G', '粤E', '苏E', '鲁G', '闽C', '冀R'];
const RETURN_REASONS = ['quality', 'wrong_item', 'excess', 'other'] as const;
const REJECT_REASONS = ['外箱破损，内件受潮', '颜色与样品不符', '规格不符', '数量短少'];

/** Daily code numbers per prefix, as `nextCode` hands them out; written to code_sequences at the end. */
class Codes {
  private readonly counters = new Map<string, number>();
  next(prefix: string, at: number) {
    const key = `${prefix} ${shanghaiCodeDay(new Date(at))}`;
    const value = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, value);
    return `${prefix}${key.slice(prefix.length + 1)}${String(value).padStart(4, '0')}`;
  }
  rows() {
    return [...this.counters].map(([key, value]) => {
      const [prefix, day] = key.split(' ');
      return [prefix, day, value];
    });
  }
}

/** What becomes of an order, by the task's status and the order's place in it. */
function planOf(taskId: number, status: 'awarded' | 'completed', index: number, sibling: Plan | null): Plan {
  if (status === 'completed') return index === 1 && taskId % 9 === 0 ? 'closed' : 'received';
  const plan = (['pending', 'pending', 'rejected', 'in_transit', 'confirmed', 'partial', 'partial', 'partial', 'received', 'received'] as const)[
    (Math.floor(taskId / 20) + index * 5) % 10
  ];
  // An awarded task keeps an order open: with all settled it would have completed.
  return plan === 'received' && (sibling === 'received' || sibling === 'closed') ? 'partial' : plan;
}

export function orderScaleSteps(options: { bulkInsert: BulkInsert }) {
  const { bulkInsert } = options;

  const orders = {
    name: 'purchase orders, shipments, receipts and returns',
    async run(pool: pg.Pool) {
      await pool.query('truncate supplier_statements, purchase_orders restart identity cascade');
      await pool.query(`delete from code_sequences where prefix in ('PO', 'FH', 'TH', 'DZ')`);
      const [{ max_task: maxTask }] = (await pool.query<{ max_task: number }>('select coalesce(max(id), 0)::int as max_task from procurement_tasks'))
        .rows;
      const { rows: contacts } = await pool.query<{ id: number; contact_person: string }>('select id, contact_person from suppliers');
      const contactOf = new Map(contacts.map((s) => [s.id, s.contact_person]));
      const now = Date.now();
      const today = shanghaiDay(new Date(now));
      const codes = new Codes();
      const ids = { order: 0, line: 0, receipt: 0, receiptLine: 0, shipment: 0, ret: 0, returnLine: 0 };
      const counts = { receipts: 0, reversals: 0, shipments: 0, returns: 0 };
      const client = await pool.connect();
      try {
        for (let start = 1; start <= maxTask; start += BATCH_TASKS) {
          const end = start + BATCH_TASKS - 1;
          const { rows } = await client.query<TaskLineRow>(
            `select t.id as task_id, t.code as task_code, t.status as task_status, t.buyer_id, t.delivery_region_code as region, t.awarded_at,
                    l.id as line_id, l.commodity_id, l.quantity, l.awarded_supplier_id as supplier_id,
                    l.awarded_unit_price_fen::text as unit_price_fen, coalesce(l.awarded_freight_fen, 0)::text as freight_fen,
                    q.invoice_type, q.tax_rate_percent
               from procurement_tasks t
               join procurement_task_lines l on l.task_id = t.id and l.awarded_supplier_id is not null
               left join quotations q on q.task_id = t.id and q.supplier_id = l.awarded_supplier_id
              where t.id between $1 and $2 and t.status in ('awarded', 'completed')
              order by t.id, l.sort, l.id`,
            [start, end],
          );
          const out = {
            orders: [] as unknown[][],
            lines: [] as unknown[][],
            receipts: [] as unknown[][],
            receiptLines: [] as unknown[][],
            shipments: [] as unknown[][],
            shipmentLines: [] as unknown[][],
            returns: [] as unknown[][],
            returnLines: [] as unknown[][],
          };
          const byTask = new Map<number, TaskLineRow[]>();
          for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row]);

          for (const [taskId, taskLines] of byTask) {
            const task = taskLines[0];
            const awardedAt = Math.min(task.awarded_at?.getTime() ?? now, now - 2 * 3600_000);
            const suppliers = [...new Set(taskLines.map((l) => l.supplier_id))];
            let sibling: Plan | null = null;
            for (const [index, supplierId] of suppliers.entries()) {
              const own = taskLines.filter((l) => l.supplier_id === supplierId && l.quantity > 0);
              if (own.length === 0) continue;
              const plan = planOf(taskId, task.task_status, index, sibling);
              sibling = plan;
              const orderId = ++ids.order;
              const lines: Line[] = own.map((l, sort) => {
                const unitPriceFen = Number(l.unit_price_fen);
                return {
                  id: ++ids.line,
                  orderId,
                  sort,
                  taskLineId: l.line_id,
                  commodityId: l.commodity_id,
                  quantity: l.quantity,
                  unitPriceFen,
                  amountFen: l.quantity * unitPriceFen,
                  freightFen: Number(l.freight_fen),
                  receivedQuantity: 0,
                  rejectedQuantity: 0,
                  returnedQuantity: 0,
                  settledShortQuantity: 0,
                };
              });
              const day = (offset: number) => shanghaiDay(new Date(Math.min(awardedAt + offset * DAY_MS, now)));
              const at = (offset: number) => new Date(Math.min(awardedAt + offset * DAY_MS, now - 3600_000));
              const contact = contactOf.get(supplierId) ?? '供应商';
              let version = 0;
              let updatedAt = new Date(awardedAt);

              // Shipping notices, and the receipts that take them in: what was shipped is what the
              // receipt accepted plus what it refused.
              const ship = (
                offset: number,
                quantities: { line: Line; quantity: number }[],
                status: 'in_transit' | 'received' | 'cancelled',
                receiptId: number | null,
                accepted?: Map<number, number>,
              ) => {
                const id = ++ids.shipment;
                const shipAt = awardedAt + offset * DAY_MS;
                counts.shipments++;
                out.shipments.push([
                  id,
                  codes.next('FH', Math.min(shipAt, now)),
                  orderId,
                  supplierId,
                  status,
                  day(offset),
                  shanghaiDay(new Date(shipAt + 3 * DAY_MS)),
                  `SD${String(id).padStart(8, '0')}`,
                  CARRIERS[id % CARRIERS.length],
                  `${PLATE_AREAS[id % PLATE_AREAS.length]}${String(10_000 + (id % 90_000)).slice(-5)}`,
                  'supplier',
                  contact,
                  status === 'cancelled' ? '车辆故障，改期发货' : null,
                  receiptId,
                  status === 'in_transit' ? 0 : 1,
                  at(offset),
                  at(offset + (status === 'in_transit' ? 0 : 3)),
                ]);
                for (const { line, quantity } of quantities) {
                  out.shipmentLines.push([id, line.id, quantity, status === 'received' ? (accepted?.get(line.id) ?? 0) : null]);
                }
                return id;
              };
              const receive = (offset: number, quantities: { line: Line; quantity: number; rejected: number }[], viaShipment: boolean) => {
                const receiptId = ++ids.receipt;
                counts.receipts++;
                const shipmentId = viaShipment
                  ? ship(
                      offset - 3,
                      quantities.map((q) => ({ line: q.line, quantity: q.quantity + q.rejected })),
                      'received',
                      receiptId,
                      new Map(quantities.map((q) => [q.line.id, q.quantity])),
                    )
                  : null;
                out.receipts.push([receiptId, orderId, day(offset), '到货验收', null, null, task.buyer_id, shipmentId, at(offset), 0]);
                for (const q of quantities) {
                  out.receiptLines.push([
                    ++ids.receiptLine,
                    receiptId,
                    q.line.id,
                    q.quantity,
                    q.rejected,
                    q.rejected > 0 ? REJECT_REASONS[q.line.id % REJECT_REASONS.length] : null,
                  ]);
                  q.line.receivedQuantity += q.quantity;
                  q.line.rejectedQuantity += q.rejected;
                }
                version++;
                updatedAt = at(offset);
                return { receiptId, quantities, offset };
              };

              let status: string = 'pending';
              let confirmed = false;
              let closeReason: string | null = null;
              let rejectReason: string | null = null;
              if (plan === 'rejected') {
                status = 'rejected';
                rejectReason = '交期无法满足，产能已排满';
                version++;
                updatedAt = at(2);
              } else if (plan !== 'pending') {
                confirmed = true;
                status = 'confirmed';
                version++;
                updatedAt = at(1);
                const refused = (line: Line) => (line.id % 7 === 0 ? Math.max(1, Math.floor(line.quantity * 0.04)) : 0);
                if (plan === 'in_transit') {
                  ship(
                    3,
                    lines.map((line) => ({ line, quantity: line.quantity })),
                    'in_transit',
                    null,
                  );
                } else if (plan === 'partial' || plan === 'closed') {
                  receive(
                    6,
                    lines.map((line) => ({ line, quantity: Math.max(1, Math.floor(line.quantity / 2)), rejected: refused(line) })),
                    true,
                  );
                  if (plan === 'partial' && orderId % 3 === 0) {
                    ship(
                      9,
                      lines.map((line) => ({ line, quantity: line.quantity - line.receivedQuantity })),
                      'in_transit',
                      null,
                    );
                  }
                } else if (plan === 'received') {
                  const first = receive(
                    6,
                    lines.map((line) => ({ line, quantity: Math.max(1, Math.floor(line.quantity / 2)), rejected: refused(line) })),
                    true,
                  );
                  if (orderId % 11 === 4) {
                    // 冲销: the first receipt taken back whole two days later, then received again.
                    const mirrorId = ++ids.receipt;
                    counts.reversals++;
                    out.receipts.push([
                      mirrorId,
                      orderId,
                      day(8),
                      `冲销 ${day(6)} 的收货`,
                      '录入数量有误',
                      first.receiptId,
                      task.buyer_id,
                      null,
                      at(8),
                      0,
                    ]);
                    out.receipts[out.receipts.findIndex((r) => r[0] === first.receiptId)][9] = 1;
                    for (const q of first.quantities) {
                      out.receiptLines.push([++ids.receiptLine, mirrorId, q.line.id, -q.quantity, -q.rejected, null]);
                      q.line.receivedQuantity -= q.quantity;
                      q.line.rejectedQuantity -= q.rejected;
                    }
                    version++;
                    receive(
                      9,
                      first.quantities.map((q) => ({ ...q, rejected: 0 })),
                      false,
                    );
                  }
                  receive(
                    12,
                    lines.map((line) => ({ line, quantity: line.quantity - line.receivedQuantity, rejected: 0 })),
                    true,
                  );
                }
                if (orderId % 13 === 0 && plan !== 'received') {
                  ship(
                    2,
                    lines.slice(0, 1).map((line) => ({ line, quantity: line.quantity })),
                    'cancelled',
                    null,
                  );
                }
                if (plan === 'closed') {
                  closeReason = '供应商产能不足，余量取消';
                  version++;
                  updatedAt = at(14);
                }
              }

              // Returns of received goods: most shipped back without replacement (the line is settled
              // that much short), the rest still waiting, agreed or cancelled.
              if (plan === 'received' && (taskId + index * 4) % 8 === 5) {
                const line = lines[0];
                const quantity = Math.min(5, Math.max(1, Math.floor(line.quantity * 0.05)));
                const returnId = ++ids.ret;
                counts.returns++;
                const kind = (['shipped', 'shipped', 'shipped', 'pending', 'confirmed', 'cancelled'] as const)[(orderId >> 3) % 6];
                const shipped = kind === 'shipped';
                out.returns.push([
                  returnId,
                  codes.next('TH', Math.min(awardedAt + 14 * DAY_MS, now)),
                  orderId,
                  supplierId,
                  RETURN_REASONS[returnId % RETURN_REASONS.length],
                  !shipped && returnId % 2 === 0,
                  kind,
                  '质检抽检不合格，退回供应商',
                  kind === 'cancelled' ? '与供应商协商改为让步接收' : null,
                  shipped ? day(16) : null,
                  quantity,
                  quantity * line.unitPriceFen,
                  task.buyer_id,
                  kind === 'pending' ? 0 : kind === 'shipped' ? 2 : 1,
                  at(14),
                  at(kind === 'pending' ? 14 : 16),
                ]);
                out.returnLines.push([++ids.returnLine, returnId, line.id, quantity, line.unitPriceFen, quantity * line.unitPriceFen, '质量问题']);
                if (shipped) {
                  // shipReturn's movement: returned, and settled short as 不补发.
                  line.receivedQuantity -= quantity;
                  line.returnedQuantity += quantity;
                  line.settledShortQuantity += quantity;
                  version++;
                  updatedAt = at(16);
                }
              }

              if (confirmed) status = plan === 'closed' ? 'closed' : ledgerStatus('confirmed', lines);
              const goodsFen = lines.reduce((s, l) => s + l.amountFen, 0);
              const freightFen = lines.reduce((s, l) => s + l.freightFen, 0);
              const taskLine = own[0];
              out.orders.push([
                orderId,
                codes.next('PO', awardedAt),
                taskId,
                supplierId,
                task.buyer_id,
                status,
                taskLine.invoice_type ?? 'special',
                taskLine.tax_rate_percent ?? 13,
                goodsFen,
                freightFen,
                goodsFen + freightFen,
                lines.reduce((s, l) => s + l.quantity, 0),
                lines.reduce((s, l) => s + l.receivedQuantity, 0),
                task.region,
                shanghaiDay(new Date(awardedAt + 10 * DAY_MS)),
                closeReason,
                confirmed ? at(1) : null,
                confirmed ? shanghaiDay(new Date(awardedAt + 10 * DAY_MS)) : null,
                confirmed ? 'supplier' : null,
                confirmed ? contact : null,
                rejectReason,
                version,
                new Date(awardedAt),
                updatedAt,
              ]);
              for (const l of lines) {
                out.lines.push([
                  l.id,
                  l.orderId,
                  l.sort,
                  l.taskLineId,
                  l.commodityId,
                  l.quantity,
                  l.unitPriceFen,
                  l.amountFen,
                  l.freightFen,
                  l.receivedQuantity,
                  l.rejectedQuantity,
                  l.returnedQuantity,
                  l.settledShortQuantity,
                ]);
              }
            }
          }
          await client.query('begin');
          await insertBatch(client, out);
          await client.query('commit');
          if (Math.floor(end / 10_000) !== Math.floor((end - BATCH_TASKS) / 10_000)) {
            console.log(`    ${Math.min(end, maxTask).toLocaleString('en-US')} tasks, ${ids.order.toLocaleString('en-US')} orders`);
          }
        }
      } finally {
        client.release();
      }
      for (const [table, max] of [
        ['purchase_orders', ids.order],
        ['purchase_order_lines', ids.line],
        ['purchase_receipts', ids.receipt],
        ['purchase_receipt_lines', ids.receiptLine],
        ['shipments', ids.shipment],
        ['purchase_returns', ids.ret],
        ['purchase_return_lines', ids.returnLine],
      ] as const) {
        await pool.query(`select setval(pg_get_serial_sequence('${table}', 'id'), ${Math.max(1, max)})`);
      }
      await bulkInsert(pool, 'code_sequences', { prefix: 'text', day: 'text', value: 'int' }, codes.rows());
      await pool.query(
        'vacuum (analyze) purchase_orders, purchase_order_lines, purchase_receipts, purchase_receipt_lines, shipments, shipment_lines, purchase_returns, purchase_return_lines',
      );
      return `${ids.order.toLocaleString('en-US')} orders (${ids.line.toLocaleString('en-US')} lines), ${counts.receipts.toLocaleString('en-US')} receipts + ${counts.reversals.toLocaleString('en-US')} reversals, ${counts.shipments.toLocaleString('en-US')} shipping notices, ${counts.returns.toLocaleString('en-US')} returns; today ${today}`;
    },
  };

  async function insertBatch(client: pg.PoolClient, out: Record<string, unknown[][]>) {
    await bulkInsert(
      client,
      'purchase_orders',
      {
        id: 'int',
        code: 'text',
        task_id: 'int',
        supplier_id: 'int',
        buyer_id: 'int',
        status: 'text',
        invoice_type: 'text',
        tax_rate_percent: 'int',
        goods_fen: 'bigint',
        freight_fen: 'bigint',
        total_fen: 'bigint',
        ordered_quantity: 'bigint',
        received_quantity: 'bigint',
        delivery_region_code: 'text',
        required_by: 'date',
        close_reason: 'text',
        confirmed_at: 'timestamptz',
        promised_date: 'date',
        confirmed_by: 'text',
        confirmed_by_name: 'text',
        reject_reason: 'text',
        version: 'int',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      out.orders,
    );
    await bulkInsert(
      client,
      'purchase_order_lines',
      {
        id: 'int',
        order_id: 'int',
        sort: 'int',
        task_line_id: 'int',
        commodity_id: 'int',
        quantity: 'int',
        unit_price_fen: 'bigint',
        amount_fen: 'bigint',
        freight_fen: 'bigint',
        received_quantity: 'int',
        rejected_quantity: 'int',
        returned_quantity: 'int',
        settled_short_quantity: 'int',
      },
      out.lines,
    );
    await bulkInsert(
      client,
      'purchase_receipts',
      {
        id: 'int',
        order_id: 'int',
        received_on: 'date',
        remark: 'text',
        reason: 'text',
        reversal_of: 'int',
        created_by: 'int',
        shipment_id: 'int',
        created_at: 'timestamptz',
        version: 'int',
      },
      out.receipts,
    );
    await bulkInsert(
      client,
      'purchase_receipt_lines',
      { id: 'int', receipt_id: 'int', order_line_id: 'int', quantity: 'int', rejected_quantity: 'int', reject_reason: 'text' },
      out.receiptLines,
    );
    await bulkInsert(
      client,
      'shipments',
      {
        id: 'int',
        code: 'text',
        order_id: 'int',
        supplier_id: 'int',
        status: 'text',
        ship_date: 'date',
        expected_arrival: 'date',
        delivery_note_no: 'text',
        carrier: 'text',
        vehicle_plate: 'text',
        created_by_side: 'text',
        created_by_name: 'text',
        cancel_reason: 'text',
        receipt_id: 'int',
        version: 'int',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      out.shipments,
    );
    await bulkInsert(
      client,
      'shipment_lines',
      { shipment_id: 'int', order_line_id: 'int', quantity: 'int', received_quantity: 'int' },
      out.shipmentLines,
    );
    await bulkInsert(
      client,
      'purchase_returns',
      {
        id: 'int',
        code: 'text',
        order_id: 'int',
        supplier_id: 'int',
        reason_type: 'text',
        replacement: 'boolean',
        status: 'text',
        remark: 'text',
        cancel_reason: 'text',
        shipped_on: 'date',
        quantity: 'int',
        amount_fen: 'bigint',
        created_by: 'int',
        version: 'int',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      out.returns,
    );
    await bulkInsert(
      client,
      'purchase_return_lines',
      { id: 'int', return_id: 'int', order_line_id: 'int', quantity: 'int', unit_price_fen: 'bigint', amount_fen: 'bigint', reason: 'text' },
      out.returnLines,
    );
  }

  const statements = {
    name: 'supplier statements',
    async run(pool: pg.Pool) {
      const url = (pool.options as { connectionString?: string }).connectionString;
      const database = openDatabase({ url, dataDir: 'memory://' });
      try {
        return await seedStatements(pool, database.db);
      } finally {
        await database.close();
      }
    },
  };
  return [orders, statements];
}

/**
 * Statements through the statement services (create, send, the supplier's confirm or dispute,
 * cancel, its invoices, finance's approval and payment): each supplier's older movements on one
 * statement, its statuses spread over the month end. The key supplier keeps a confirmed statement of at least 5,000 movements (the `match`
 * bench) and, after it, at least 5,000 movements on no statement (the `create` bench).
 */
async function seedStatements(pool: pg.Pool, db: ReturnType<typeof openDatabase>['db']) {
  const { rows: admins } = await pool.query<{ id: number; username: string; email: string; role_id: number }>(
    'select id, username, email, role_id from back_users order by id limit 1',
  );
  const admin = admins[0];
  const user: AuthUser = {
    id: admin.id,
    username: admin.username,
    email: admin.email,
    roleId: admin.role_id,
    superAdmin: true,
    dataScope: 'all',
    sessionId: 0,
    permissionCodes: new Set(),
  };
  const now = new Date();
  const staff = { db, actor: { userId: admin.id, userName: admin.username, ip: '' }, now: () => now, user };
  const supplierSide = { db, actor: { userId: null, userName: '供应商', ip: '' }, now: () => now };
  const versionOf = async (id: number) =>
    (await pool.query<{ version: number }>('select version from supplier_statements where id = $1', [id])).rows[0].version;
  // Four-eyes: a second user of the administrator's role approves and pays what the first created.
  const financeEmail = 'finance@scale.test';
  const existing = await pool.query<{ id: number; username: string }>('select id, username from back_users where email = $1', [financeEmail]);
  const financeId =
    existing.rows[0]?.id ??
    (
      await createBackUser(
        { ...staff, config: loadConfig({ ...process.env, SEED_DEMO: 'false' }), ip: '', userAgent: 'seed:scale' },
        { email: financeEmail, username: '财务复核', roleId: admin.role_id, status: 'enabled' },
      )
    ).id;
  const finance = {
    ...staff,
    actor: { userId: financeId, userName: '财务复核', ip: '' },
    user: { ...user, id: financeId, username: '财务复核', email: financeEmail },
  };
  const buyerTaxId = (await companyTaxId(db)) ?? '91310000MA1K000007';
  const today = shanghaiDay(now);
  /** The supplier's invoices, one per (type, rate) group and to the fen, so the check matches (已开票). */
  const invoice = async (id: number, supplierId: number) => {
    const { rows } = await pool.query<{ credit_code: string }>('select credit_code from suppliers where id = $1', [supplierId]);
    for (const [index, group] of (await groupsOf(db, id)).entries()) {
      if (group.invoiceType === 'none' || group.amountInclTaxFen <= 0) continue;
      await registerInvoice(
        supplierSide,
        {
          statementId: id,
          invoiceNumber: `26${String(id).padStart(14, '0')}${String(index).padStart(4, '0')}`,
          invoiceType: group.invoiceType,
          taxRatePercent: group.taxRatePercent,
          issueDate: today,
          sellerTaxId: rows[0].credit_code,
          buyerTaxId,
          amountExclTaxFen: group.amountExclTaxFen,
          taxFen: group.taxFen,
          amountInclTaxFen: group.amountInclTaxFen,
        },
        { supplierId },
      );
    }
  };
  const totalOf = async (id: number) =>
    Number((await pool.query<{ total_fen: string }>('select total_fen::text from supplier_statements where id = $1', [id])).rows[0].total_fen);

  // The key supplier's movements by day, newest first: the newest ≥ 5,000 stay free, the ≥ 5,000
  // before them go on the confirmed statement.
  const { rows: days } = await pool.query<{ day: string; n: number }>(
    `select r.received_on::text as day, count(*)::int as n
       from purchase_receipts r
       join purchase_orders o on o.id = r.order_id
       join purchase_receipt_lines rl on rl.receipt_id = r.id
      where o.supplier_id = $1 and rl.quantity <> 0
      group by r.received_on order by r.received_on desc`,
    [KEY_SUPPLIER_ID],
  );
  let free = 0;
  let held = 0;
  let freeFrom: string | null = null;
  let heldFrom: string | null = null;
  for (const d of days) {
    if (free < STATEMENT_BENCH_MOVEMENTS) {
      free += d.n;
      freeFrom = d.day;
    } else if (held < STATEMENT_BENCH_MOVEMENTS) {
      held += d.n;
      heldFrom = d.day;
    }
  }
  let created = 0;
  const byStatus = new Map<string, number>();
  const count = (status: string) => byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  if (freeFrom && heldFrom) {
    const { id } = await createStatement(staff, {
      supplierId: KEY_SUPPLIER_ID,
      periodFrom: heldFrom,
      periodTo: shanghaiDay(new Date(new Date(`${freeFrom}T00:00:00+08:00`).getTime() - DAY_MS)),
      remark: '季度对账',
    });
    await sendStatement(staff, { id, version: await versionOf(id) });
    await confirmStatement(supplierSide, { id, version: await versionOf(id) }, { supplierId: KEY_SUPPLIER_ID });
    created++;
    count('confirmed');
  }

  // Every other supplier: one statement of what it delivered up to two months ago.
  const cutoff = shanghaiDay(new Date(now.getTime() - 60 * DAY_MS));
  const { rows: periods } = await pool.query<{ supplier_id: number; from: string }>(
    `select o.supplier_id, min(r.received_on)::text as from
       from purchase_receipts r join purchase_orders o on o.id = r.order_id
      where o.supplier_id <> $1 and r.received_on <= $2
      group by o.supplier_id order by o.supplier_id`,
    [KEY_SUPPLIER_ID, cutoff],
  );
  for (const p of periods) {
    const { id } = await createStatement(staff, { supplierId: p.supplier_id, periodFrom: p.from, periodTo: cutoff, remark: '月结对账' });
    created++;
    const fate = p.supplier_id % 10;
    if (fate === 0 || fate === 1) {
      count('draft');
      continue;
    }
    if (fate === 8) {
      await cancelStatement(staff, { id, version: await versionOf(id), reason: '对账期间选错，重新创建' });
      count('cancelled');
      continue;
    }
    await sendStatement(staff, { id, version: await versionOf(id) });
    if (fate === 2 || fate === 9) {
      count('sent');
    } else if (fate === 3) {
      await disputeStatement(
        supplierSide,
        { id, version: await versionOf(id), reason: '部分到货数量与我方发货记录不符' },
        { supplierId: p.supplier_id },
      );
      count('disputed');
    } else {
      await confirmStatement(supplierSide, { id, version: await versionOf(id) }, { supplierId: p.supplier_id });
      if (fate === 4) {
        count('confirmed');
        continue;
      }
      await invoice(id, p.supplier_id);
      const [{ status }] = (await pool.query<{ status: string }>('select status from supplier_statements where id = $1', [id])).rows;
      if (fate === 5 || status !== 'invoiced') {
        count(status);
        continue;
      }
      await approveStatement(finance, { id, version: await versionOf(id) });
      if (fate === 6) {
        count('approved');
        continue;
      }
      await payStatement(finance, {
        id,
        version: await versionOf(id),
        paidOn: today,
        amountFen: await totalOf(id),
        paymentRef: `CMB${today.replaceAll('-', '')}${id}`,
      });
      count('paid');
    }
    if (created % 500 === 0) console.log(`    ${created.toLocaleString('en-US')} statements`);
  }
  // Vacuumed as well as analyzed, like the bulk steps: the services wrote these rows one statement at a
  // time, and the first bench after a seed would otherwise measure autovacuum catching up.
  await pool.query(
    'vacuum (analyze) supplier_statements, supplier_statement_movements, supplier_invoices, supplier_statement_exceptions, audit_logs, messages',
  );
  const spread = [...byStatus].map(([status, n]) => `${status} ${n}`).join(', ');
  return `${created.toLocaleString('en-US')} statements (${spread}); supplier ${KEY_SUPPLIER_ID}: ${held.toLocaleString('en-US')} movements on its confirmed statement, ${free.toLocaleString('en-US')} free from ${freeFrom}`;
}
