import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { dictionaryRoutes } from '../dictionary/routes';
import { priceTemplateRoutes } from '../price-template/routes';
import { regionRoutes } from '../region/routes';
import { freightRoutes } from './routes';

let t: TestApp;
let admin: string;
let before: { templates: number; types: number };
const counts = async () => ({
  templates: (await t.call('/admin/price_template/list', {}, admin)).data.total as number,
  types: (await t.call('/admin/dict_type/list', {}, admin)).data.total as number,
});
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  before = await counts();
});
afterAll(() => t.close());

const routes = [...dictionaryRoutes, ...regionRoutes, ...priceTemplateRoutes, ...freightRoutes];

let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { a: deep };

const junk: unknown[] = [
  [1, 2],
  'text',
  { unknown_field: 1 },
  { id: -1, version: -1, page: 0, page_size: 10_000 },
  { id: 'DROP TABLE price_templates', code: "x'; --", keyword: '%_\\', type_code: '<img src=x onerror=alert(1)>' },
  { id: 1e20, version: Number.NaN, quantity: 1.5, destination: '４４０３０５' },
  { name: 'x'.repeat(100_000), charge_rows: [{}], free_rows: 'x', no_delivery_codes: [null] },
  { destination: '440305', items: [{ template_id: 1, quantity: 0, weight_g: -1 }] },
  { destination: '440305', items: Array.from({ length: 501 }, () => ({ template_id: 1, quantity: 1 })) },
  deep,
];

describe('base-data routes with bad input', () => {
  it('answer 400 (or a clean application code), never a crash, for junk bodies', async () => {
    for (const route of routes) {
      for (const body of junk) {
        const answer = await t.call(route.endpoint.path, body, admin);
        expect(answer.status, `${route.endpoint.path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        if (answer.status === 200) expect([200, 400, 404, 409]).toContain(answer.code);
      }
    }
  });

  it('leaves the data as it was', async () => {
    expect(before.templates).toBeGreaterThan(0);
    expect(before.types).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });
});
