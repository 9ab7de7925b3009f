import { purchaseOrderApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, readWorkbook } from '../../../test/excel';
import { createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { awardedTask } from '../../../test/order-fixtures';
import { seedDictionaries } from '../../../test/procurement-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

describe('the order export', () => {
  it('is a working file: amounts and quantities are numbers, dates are dates, and a sheet holds the lines', async () => {
    const award = await awardedTask(t, admin, { warehouseCode: 'sh_jiading' });
    const [first] = award.orders;
    const info = (await t.api(purchaseOrderApi.info, { id: first.id }, admin)).data;
    await t.api(purchaseOrderApi.confirm, { id: first.id, version: info.version, promisedDate: shanghaiDay(t, 3) }, admin);
    await t.api(
      purchaseOrderApi.receive,
      { id: first.id, version: info.version + 1, receivedOn: shanghaiDay(t), lines: [{ orderLineId: info.lines[0].id, quantity: 30 }] },
      admin,
    );
    const file = await download(t, '/admin/purchase_order/export', { task_id: award.taskId }, admin);
    expect(file.statusCode).toBe(200);
    const sheets = await readWorkbook(file.rawPayload);
    expect([...sheets.keys()]).toEqual(['采购订单', '订单明细']);
    const [orders, lines] = [...sheets.values()];
    const header = orders[0] as string[];
    const row = orders.find((r) => r[0] === first.code) as unknown[];
    const at = (name: string) => row[header.indexOf(name)];
    expect(at('货值(元)')).toBe(1000);
    expect(typeof at('运费(元)')).toBe('number');
    expect(at('订单总额(元)')).toBe(info.totalFen / 100);
    expect(at('已收数量')).toBe(30);
    expect(at('需求日期')).toEqual(new Date(`${info.requiredBy}T00:00:00Z`));
    expect(at('承诺到货日期')).toEqual(new Date(`${shanghaiDay(t, 3)}T00:00:00Z`));
    expect(at('创建时间')).toBeInstanceOf(Date);
    expect(at('收货仓库')).toBe('上海嘉定中心仓');
    const lineHeader = lines[0] as string[];
    const line = lines.find((r) => r[0] === first.code) as unknown[];
    const cell = (name: string) => line[lineHeader.indexOf(name)];
    expect(cell('SKU')).toBe(info.lines[0].skuCode);
    expect(cell('订购数量')).toBe(100);
    expect(cell('含税单价(元)')).toBe(10);
    expect(cell('含税金额(元)')).toBe(1000);
    expect(cell('已收数量')).toBe(30);
    expect(cell('未收数量')).toBe(70);
    expect(cell('发票类型')).toBe('增值税专用发票');
    expect(cell('税率(%)')).toBe(13);
    expect(lines.filter((r) => r[0] !== '订单编号')).toHaveLength(2);
  });
});
