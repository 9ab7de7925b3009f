import { describe, expect, it } from 'vitest';
import { excelDate } from './xlsx-import';

describe('excelDate', () => {
  it('reads Excel serial numbers in the 1900 date system', () => {
    expect(excelDate('46082')).toBe('2026-03-01');
    expect(excelDate('46082.75')).toBe('2026-03-01');
    expect(excelDate('1')).toBe('1899-12-31');
    expect(excelDate('0')).toBeNull();
  });

  it('reads the text forms people type', () => {
    expect(excelDate('2026-03-01')).toBe('2026-03-01');
    expect(excelDate('2026/3/1')).toBe('2026-03-01');
    expect(excelDate('2026.3.1')).toBe('2026-03-01');
    expect(excelDate('2026年3月1日')).toBe('2026-03-01');
    expect(excelDate('2026 年 3 月 1 日')).toBe('2026-03-01');
  });

  it('refuses text that is not a date', () => {
    expect(excelDate('下周一')).toBeNull();
    expect(excelDate('3/1/2026')).toBeNull();
    expect(excelDate('2026-03')).toBeNull();
  });
});
