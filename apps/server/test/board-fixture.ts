import { backUserApi, roleApi } from '@scm/contract';
import { sql } from 'drizzle-orm';
import { apiOk, type TestApp } from './helpers';

/**
 * Rows written straight into the tables the board reads, so every figure in the tests can be
 * worked out by hand from this file alone (the procurement API decides how they get there).
 */
export async function insertRow(t: TestApp, table: string, row: Record<string, unknown>, returning = 'id'): Promise<number> {
  const columns = Object.keys(row);
  const values = columns.map((c) => sql`${row[c]}`);
  const statement = sql`insert into ${sql.identifier(table)} (${sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  )}) values (${sql.join(values, sql`, `)}) returning ${sql.identifier(returning)}`;
  const result = (await t.database.db.execute(statement)) as unknown as { rows: Record<string, number>[] };
  return result.rows[0]?.[returning];
}

/** A role holding `codes` and one user in it; answers the user's id and token. */
export async function createUser(t: TestApp, admin: string, code: string, codes: string[]) {
  const role = await apiOk(t, roleApi.create, { name: `角色${code}`, code, permissionCodes: codes }, admin);
  const email = `${code}@board.test`;
  const user = await apiOk(t, backUserApi.create, { email, username: `用户${code}`, roleId: role.id, password: 'Passw0rd1' }, admin);
  return { id: user.id, token: await t.login(email, 'Passw0rd1') };
}

let supplierSeq = 0;
export async function insertSupplier(t: TestApp, name: string) {
  supplierSeq += 1;
  const n = String(supplierSeq).padStart(4, '0');
  return insertRow(t, 'suppliers', {
    code: `GYSB${n}`,
    name,
    contact_person: '联系人',
    phone: '13800000000',
    region_code: '440300',
    credit_code: `91440300MA5B${n}XY`,
    settlement_type: 'monthly',
    grade: 'A',
  });
}

let taskSeq = 0;
export interface TaskInput {
  buyerId: number;
  status: string;
  quoteDeadline: string;
  awardedAt?: string;
  updatedAt?: string;
}
export async function insertTask(t: TestApp, input: TaskInput) {
  taskSeq += 1;
  return insertRow(t, 'procurement_tasks', {
    code: `CGB${String(taskSeq).padStart(4, '0')}`,
    name: `看板测试任务${taskSeq}`,
    buyer_id: input.buyerId,
    quote_deadline: input.quoteDeadline,
    delivery_region_code: '310000',
    status: input.status,
    awarded_at: input.awardedAt ?? null,
    ...(input.updatedAt ? { updated_at: input.updatedAt } : {}),
  });
}

export interface LineInput {
  commodityId: number;
  quantity: number;
  targetPriceFen?: number | null;
  planLineId?: number | null;
  awardedSupplierId?: number;
  awardedUnitPriceFen?: number;
  awardedFreightFen?: number;
  /** 可抵扣进项税 the award fixed for the line. */
  awardedDeductibleVatFen?: number;
}
export async function insertLine(t: TestApp, taskId: number, sort: number, line: LineInput) {
  return insertRow(t, 'procurement_task_lines', {
    task_id: taskId,
    sort,
    commodity_id: line.commodityId,
    quantity: line.quantity,
    target_price_fen: line.targetPriceFen ?? null,
    plan_line_id: line.planLineId ?? null,
    awarded_supplier_id: line.awardedSupplierId ?? null,
    awarded_unit_price_fen: line.awardedUnitPriceFen ?? null,
    awarded_freight_fen: line.awardedFreightFen ?? null,
    awarded_deductible_vat_fen: line.awardedDeductibleVatFen ?? null,
  });
}

export async function invite(t: TestApp, taskId: number, supplierId: number, status: 'pending' | 'received' | 'declined') {
  await insertRow(t, 'procurement_task_suppliers', { task_id: taskId, supplier_id: supplierId, status }, 'task_id');
}

let quoteSeq = 0;
/** A quotation with a unit price per task line (null: the line left unpriced). */
export async function insertQuote(
  t: TestApp,
  taskId: number,
  supplierId: number,
  prices: [lineId: number, unitPriceFen: number | null][],
  extra: { status?: string; validUntil?: string } = {},
) {
  quoteSeq += 1;
  const id = await insertRow(t, 'quotations', {
    code: `BJB${String(quoteSeq).padStart(4, '0')}`,
    task_id: taskId,
    supplier_id: supplierId,
    quote_date: '2026-01-01',
    valid_until: extra.validUntil ?? '2026-12-31',
    tax_rate_percent: 13,
    freight_mode: 'manual',
    status: extra.status ?? 'submitted',
  });
  for (const [lineId, price] of prices) {
    await insertRow(t, 'quotation_lines', { quotation_id: id, task_line_id: lineId, unit_price_fen: price }, 'quotation_id');
  }
  return id;
}

let planSeq = 0;
export async function insertPlan(t: TestApp, ownerId: number, status: string, createdAt: string, extra: Record<string, unknown> = {}) {
  planSeq += 1;
  return insertRow(t, 'planning_tasks', {
    code: `JHB${String(planSeq).padStart(4, '0')}`,
    name: `看板测试计划${planSeq}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    owner_id: ownerId,
    status,
    created_at: createdAt,
    ...extra,
  });
}
