import { monthStart, shanghaiDay } from '@scm/contract';

/**
 * The board's default range: the last 12 calendar months, the current one included, counted in
 * Asia/Shanghai (the business's calendar, as the server counts it) whatever the browser's zone.
 */
export function defaultBoardRange(now: Date = new Date()): { dateFrom: string; dateTo: string } {
  const today = shanghaiDay(now);
  return { dateFrom: monthStart(today, -11), dateTo: today };
}
