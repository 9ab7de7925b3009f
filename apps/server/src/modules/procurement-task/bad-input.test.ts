import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { supplierRoutes } from '../supplier/routes';
import { procurementTaskRoutes } from './routes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
});
afterAll(() => t.close());

let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { a: deep };

const junk: unknown[] = [
  [1, 2],
  'text',
  { unknown_field: 1 },
  { id: -1, version: -1, page: 0, page_size: 10_000 },
  { id: 'DROP TABLE suppliers', keyword: "%_\\'; --", name: '<img src=x onerror=alert(1)>', sort_field: 'name; drop table suppliers' },
  { id: 1e20, version: Number.NaN, task_id: 1.5, supplier_id: '1' },
  { name: 'x'.repeat(100_000), phone: '1'.repeat(1000), credit_code: 'x', lines: 'x', supplier_ids: [null] },
  { id: 3, version: 0, lines: [{ task_line_id: 1, supplier_id: 1, reason: 'x'.repeat(1000) }] },
  { task_id: 2, supplier_id: 1, quote_date: '2026-13-45', valid_until: 'x', tax_rate_percent: 101, freight_mode: 'free', lines: [{}] },
  { task_id: 2, supplier_id: 1, lines: Array.from({ length: 201 }, () => ({ task_line_id: 1, unit_price_fen: -1 })) },
  deep,
];

describe('procurement routes with bad input', () => {
  it('answer 400 (or a clean application code), never a crash, for junk bodies', async () => {
    for (const route of [...supplierRoutes, ...procurementTaskRoutes]) {
      for (const body of junk) {
        const answer = await t.call(route.endpoint.path, body, admin);
        expect(answer.status, `${route.endpoint.path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        if (answer.status === 200 && answer.code !== undefined) expect([200, 400, 404, 409]).toContain(answer.code);
      }
    }
  });

  it('leaves the demo data as it was', async () => {
    expect((await t.call('/admin/supplier/list', {}, admin)).data.total).toBe(7);
    const tasks = await t.call('/admin/procurement_task/list', {}, admin);
    expect(tasks.data.total).toBe(8);
    expect(tasks.data.list.map((x: { status: string }) => x.status).sort()).toEqual([
      'awarded',
      'awarded',
      'cancelled',
      'completed',
      'completed',
      'draft',
      'evaluating',
      'quoting',
    ]);
  });
});
