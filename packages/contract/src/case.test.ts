import { describe, expect, it } from 'vitest';
import { toCamelCase, toSnakeCase } from './case';

describe('case conversion', () => {
  it('converts nested objects and arrays both ways', () => {
    const camel = { planId: 1, planLines: [{ unitPriceFen: 100, commodity: { skuCode: 'A1' } }], tags: ['keepMe'] };
    const snake = { plan_id: 1, plan_lines: [{ unit_price_fen: 100, commodity: { sku_code: 'A1' } }], tags: ['keepMe'] };
    expect(toSnakeCase(camel)).toEqual(snake);
    expect(toCamelCase(snake)).toEqual(camel);
  });

  it('leaves dates, nulls and primitives untouched', () => {
    const date = new Date('2026-01-02T03:04:05Z');
    const converted = toSnakeCase<{ created_at: Date; deleted_at: null }>({ createdAt: date, deletedAt: null });
    expect(converted.created_at).toBe(date);
    expect(converted.deleted_at).toBeNull();
    expect(toCamelCase(42)).toBe(42);
    expect(toCamelCase('a_b')).toBe('a_b');
    expect(toCamelCase(null)).toBeNull();
  });

  it('converts keys with digits', () => {
    expect(toCamelCase({ volume_cm3: 1, address_line_2: 'x' })).toEqual({ volumeCm3: 1, addressLine2: 'x' });
    expect(toSnakeCase({ volumeCm3: 1 })).toEqual({ volume_cm3: 1 });
  });
});
