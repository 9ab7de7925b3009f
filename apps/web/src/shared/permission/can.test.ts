import { priceTemplateApi, procurementTaskApi, warehouseApi } from '@scm/contract';
import { describe, expect, it } from 'vitest';
import { holds } from './can';

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
});
