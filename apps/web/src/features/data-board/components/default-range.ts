import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const FORMAT = 'YYYY-MM-DD';

/**
 * The board's default range: the last 12 calendar months, the current one included, counted in
 * Asia/Shanghai (the business's calendar, as the server counts it) whatever the browser's zone.
 */
export function defaultBoardRange(now: Date = new Date()): { dateFrom: string; dateTo: string } {
  const today = dayjs(now).tz('Asia/Shanghai').format(FORMAT);
  // Month arithmetic on the bare date in UTC, which has no daylight-saving gaps.
  return { dateFrom: dayjs.utc(today).subtract(11, 'month').startOf('month').format(FORMAT), dateTo: today };
}
