import { afterEach, describe, expect, it } from 'vitest';
import { defaultBoardRange } from './default-range';

const browserZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = browserZone;
});

describe('the data board default range', () => {
  it.each(['America/Los_Angeles', 'UTC', 'Asia/Shanghai', 'Pacific/Kiritimati'])('counts Shanghai days in a browser set to %s', (zone) => {
    process.env.TZ = zone;
    // 2026-03-31 23:30 in Los Angeles is already 1 April 14:30 in Shanghai.
    expect(defaultBoardRange(new Date('2026-04-01T06:30:00Z'))).toEqual({ dateFrom: '2025-05-01', dateTo: '2026-04-01' });
    // 2026-01-01 07:30 in Shanghai; still 31 December in Los Angeles and UTC.
    expect(defaultBoardRange(new Date('2025-12-31T23:30:00Z'))).toEqual({ dateFrom: '2025-02-01', dateTo: '2026-01-01' });
    // 2026-02-28 23:59 in Shanghai: not yet March there, though it is in Kiritimati.
    expect(defaultBoardRange(new Date('2026-02-28T15:59:00Z'))).toEqual({ dateFrom: '2025-03-01', dateTo: '2026-02-28' });
  });
});
