import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayStart,
  daysBetween,
  fileStamp,
  formatChineseDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatMonthDayTime,
  formatWeekday,
  monthStart,
  shanghaiCodeDay,
  shanghaiDay,
  shanghaiHour,
  shanghaiIso,
} from './time';

describe('Shanghai time', () => {
  // 2026-03-10 16:30 UTC is already 11 March, 00:30 in Shanghai.
  const lateUtc = '2026-03-10T16:30:05Z';

  it('reads days and clock times in Shanghai whatever the instant is written in', () => {
    expect(shanghaiDay(lateUtc)).toBe('2026-03-11');
    expect(shanghaiCodeDay(new Date(lateUtc))).toBe('20260311');
    expect(shanghaiHour(Date.parse(lateUtc))).toBe(0);
    expect(formatDateTime(lateUtc)).toBe('2026-03-11 00:30');
    expect(formatDateTimeSeconds(lateUtc)).toBe('2026-03-11 00:30:05');
    expect(formatMonthDayTime('2026-03-11T00:30:05+08:00')).toBe('03-11 00:30');
    expect(formatChineseDate(lateUtc)).toBe('2026年3月11日');
    expect(formatWeekday(lateUtc)).toBe('星期三');
    expect(fileStamp(lateUtc)).toBe('20260311003005');
    expect(shanghaiIso(lateUtc)).toBe('2026-03-11T00:30:05+08:00');
  });

  it('counts days on the calendar', () => {
    expect(dayStart('2026-03-11').toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(monthStart('2026-03-31')).toBe('2026-03-01');
    expect(monthStart('2026-04-01', -11)).toBe('2025-05-01');
    expect(monthStart('2026-01-01', -1)).toBe('2025-12-01');
    expect(monthStart('2025-12-15', 1)).toBe('2026-01-01');
    expect(monthStart('2026-02-28', -24)).toBe('2024-02-01');
  });
});
