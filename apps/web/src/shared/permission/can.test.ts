import { commodityApi, priceTemplateApi, procurementTaskApi, supplierApi, warehouseApi } from '@scm/contract';
import { describe, expect, it } from 'vitest';
import { holds, writesField } from './can';

describe('a permission check', () => {
  it("asks for the code the endpoint's route asks for, not one typed beside the button", () => {
    // 启用 / 停用 of a template are its edit code on the server, 复制 its create code.
    expect(holds(['priceModel', 'priceModel:edit'], priceTemplateApi.enable)).toBe(true);
    expect(holds(['priceModel', 'priceModel:edit'], priceTemplateApi.copy)).toBe(false);
    expect(holds(['priceModel:create'], priceTemplateApi.copy)).toBe(true);
    // A warehouse's delete asks for its edit code.
    expect(holds(['warehouse:edit'], warehouseApi.delete)).toBe(true);
    expect(holds(['procurementTaskList'], procurementTaskApi.unseal)).toBe(false);
  });

  it('lets every signed-in user make a call open to all, and reads a page key as it is', () => {
    expect(holds([], warehouseApi.options)).toBe(true);
    expect(holds(['purchaseOrderDetail'], 'purchaseOrderDetail')).toBe(true);
    expect(holds(['purchaseOrderList'], 'purchaseOrderDetail')).toBe(false);
  });

  it('takes no action code as a string: a button names its endpoint', () => {
    // @ts-expect-error an action code is not a page key
    expect(holds(['priceModel:edit'], 'priceModel:edit')).toBe(true);
  });

  it("shows a guarded field as writable only to holders of the field's own code, not the update's", () => {
    // An edit by a user without 停用 keeps the commodity's status: the server drops the field.
    expect(writesField(['commodityList:edit'], commodityApi.update, 'status')).toBe(false);
    expect(writesField(['commodityList:edit', 'commodityList:status'], commodityApi.update, 'status')).toBe(true);
    expect(writesField(['supplierManagement:edit'], supplierApi.update, 'status')).toBe(false);
    expect(writesField(['supplierManagement:status'], supplierApi.update, 'status')).toBe(true);
  });
});
