import { afterEach, describe, expect, it } from 'vitest';
import {
  dayEndText,
  dayRange,
  dayStartText,
  daysAheadAt,
  dayText,
  dayValue,
  instantRange,
  instantText,
  instantValue,
  optionalDayValue,
  todayValue,
} from './day-value';

const browserZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = browserZone;
});

const ZONES = ['America/Los_Angeles', 'UTC', 'Asia/Shanghai', 'Pacific/Kiritimati'];

describe('picker values', () => {
  it('turns a filter’s two days into a range picker’s value, and only when both are set', () => {
    const range = dayRange('2026-03-01', '2026-03-31');
    expect(range?.map(dayText)).toEqual(['2026-03-01', '2026-03-31']);
    expect(dayRange('2026-03-01', undefined)).toBeUndefined();
    expect(dayRange(null, '2026-03-31')).toBeUndefined();
    expect(optionalDayValue(null)).toBeNull();
    expect(dayText(optionalDayValue('2026-02-28') ?? dayValue('2000-01-01'))).toBe('2026-02-28');
  });

  it.each(ZONES)('shows and sends a time as Shanghai’s wall clock in a browser set to %s', (zone) => {
    process.env.TZ = zone;
    // 2026-03-10 16:30 UTC is 11 March, 00:30 in Shanghai.
    const value = instantValue('2026-03-10T16:30:05Z');
    expect(value.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-11 00:30:05');
    expect(instantText(value)).toBe('2026-03-11T00:30:05.000+08:00');
    expect(Date.parse(instantText(value))).toBe(Date.parse('2026-03-10T16:30:05Z'));
    expect(instantRange('2026-03-10T16:00:00Z', undefined)).toBeUndefined();
    expect(instantRange('2026-03-10T16:00:00Z', '2026-03-11T15:59:59Z')?.map(dayText)).toEqual(['2026-03-11', '2026-03-11']);
  });

  it.each(ZONES)('bounds a picked day by Shanghai’s midnights in a browser set to %s', (zone) => {
    process.env.TZ = zone;
    const day = dayValue('2026-03-11');
    expect(new Date(dayStartText(day)).toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(new Date(dayEndText(day)).toISOString()).toBe('2026-03-11T15:59:59.999Z');
  });

  it.each(ZONES)('puts the default quote deadline three Shanghai days ahead at 18:00 Shanghai time in a browser set to %s', (zone) => {
    process.env.TZ = zone;
    // 2026-03-10 20:00 UTC: still 10 March in Los Angeles and UTC, already 11 March in Shanghai.
    const now = Date.parse('2026-03-10T20:00:00Z');
    const deadline = daysAheadAt(3, '18:00', now);
    expect(instantText(deadline)).toBe('2026-03-14T18:00:00.000+08:00');
    expect(new Date(instantText(deadline)).toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(dayText(todayValue(now))).toBe('2026-03-11');
  });
});
