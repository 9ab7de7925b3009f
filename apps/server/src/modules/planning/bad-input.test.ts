import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { planningRoutes } from './routes';

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
  { id: 'DROP TABLE planning_tasks', keyword: "x'; --%_\\", status: '<img src=x onerror=alert(1)>', sort_field: 'name; drop' },
  { id: 1e20, version: Number.NaN, mode: 'everything', reason: 'x'.repeat(10_000) },
  { name: 'x'.repeat(100_000), plan_type: 'regular', warehouse: 'sh_jiading', lines: [{}] },
  { name: '计划', plan_type: 'regular', warehouse: 'sh_jiading', period_start: '2026-02-30', lines: [{ commodity_id: 1, quantity: -5 }] },
  { name: '计划', plan_type: 'regular', warehouse: 'sh_jiading', period_start: '2026-02-30', period_end: '2026-13-01', lines: [] },
  { name: '计划', plan_type: 'regular', warehouse: 'sh_jiading', lines: Array.from({ length: 1001 }, () => ({ commodity_id: 1, quantity: 1 })) },
  { id: 1, version: 0, file_base64: '!!!not base64!!!' },
  deep,
];

const snapshot = async () => {
  const rows = await t.database.db.execute('select id, version, status from planning_tasks order by id' as never);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
};

describe('planning routes with bad input', () => {
  it('answer 400 (or a clean application code), never a crash, and change nothing', async () => {
    const before = await snapshot();
    for (const route of planningRoutes) {
      for (const body of junk) {
        const answer = await t.call(route.endpoint.path, body, admin);
        expect(answer.status, `${route.endpoint.path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        if (answer.status === 200) expect([200, 400, 404, 409], `${route.endpoint.path}`).toContain(answer.code);
        if (answer.status === 200 && answer.code === 200) expect(route.endpoint.path).toMatch(/list|info|export|import_template/);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
