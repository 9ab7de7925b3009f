import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/http/api';
import { applyFieldErrors } from './field-errors';

describe("the server's field errors on a form", () => {
  it('land on the named fields, a renamed wire field on the form name that holds it', () => {
    const setFields = vi.fn();
    const form = { setFields } as unknown as FormInstance;
    const error = new ApiError(400, '参数错误', [
      { field: 'lines.1.unit_price_fen', message: '单价过大' },
      { field: 'valid_until', message: '请选择有效期至' },
    ]);
    expect(applyFieldErrors(form, error, { unitPriceFen: 'unitPriceYuan' })).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['lines', 1, 'unitPriceYuan'], errors: ['单价过大'] },
      { name: ['validUntil'], errors: ['请选择有效期至'] },
    ]);
  });

  it('leave an error without field errors to the caller', () => {
    const form = { setFields: vi.fn() } as unknown as FormInstance;
    expect(applyFieldErrors(form, new ApiError(409, '报价已截止'))).toBe(false);
  });
});
