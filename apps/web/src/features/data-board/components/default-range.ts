import { DAY_FORMAT } from '@/shared/form/day-value';
import { shanghaiDay } from '@scm/contract';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The board's default range: the last 12 calendar months, the current one included, counted in
 * Asia/Shanghai (the business's calendar, as the server counts it) whatever the browser's zone.
 */
export function defaultBoardRange(now: Date = new Date()): { dateFrom: string; dateTo: string } {
  const today = shanghaiDay(now);
  // Month arithmetic on the bare date in UTC, which has no daylight-saving gaps.
  return { dateFrom: dayjs.utc(today).subtract(11, 'month').startOf('month').format(DAY_FORMAT), dateTo: today };
}
