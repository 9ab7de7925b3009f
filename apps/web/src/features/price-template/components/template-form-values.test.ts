import { priceTemplateCreateRequest } from '@scm/contract';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequestBody } from './template-form-values';

describe('template editor values', () => {
  it('shows g as kg and fen as yuan, and converts back exactly', () => {
    const stored = {
      id: 1,
      name: '顺丰',
      chargeMode: 'weight' as const,
      status: 'enabled' as const,
      remark: null,
      chargeRows: [
        { regionCodes: ['440300'], isDefault: false, firstQty: 1000, firstFeeFen: 1210, additionalQty: 500, additionalFeeFen: 299 },
        { regionCodes: [], isDefault: true, firstQty: 1500, firstFeeFen: 1800, additionalQty: 1000, additionalFeeFen: 600 },
      ],
      freeRows: [{ regionCodes: [], qtyLimit: 3000, minAmountFen: 19990, operator: 'and' as const }],
      noDeliveryCodes: ['540000'],
      version: 3,
      createdAt: '',
      updatedAt: '',
      updatedBy: null,
    };
    const values = toFormValues(stored);
    expect(values.chargeRows[0]).toMatchObject({ firstQty: 1, firstFeeFen: 12.1, additionalQty: 0.5, additionalFeeFen: 2.99 });
    expect(values.freeRows[0]).toMatchObject({ qtyLimit: 3, minAmountFen: 199.9 });
    const body = toRequestBody(values);
    expect(body.chargeRows).toEqual(stored.chargeRows);
    expect(body.freeRows).toEqual(stored.freeRows);
    expect(priceTemplateCreateRequest.safeParse(body).success).toBe(true);
  });

  it('turns m³ into cm³ and leaves an empty fee for the schema to report', () => {
    const body = toRequestBody({
      name: '德邦',
      chargeMode: 'volume',
      status: 'enabled',
      remark: '',
      chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 0.1, firstFeeFen: null, additionalQty: 0.05, additionalFeeFen: 15 }],
      freeRows: [],
      noDeliveryCodes: [],
    });
    expect(body.chargeRows[0]).toMatchObject({ firstQty: 100_000, additionalQty: 50_000, additionalFeeFen: 1500 });
    const checked = priceTemplateCreateRequest.safeParse(body);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => i.path.join('.'))).toEqual(['chargeRows.0.firstFeeFen']);
  });
});
