/*
 * Time as people read it: every day and clock time shown, compared or written into a code is
 * Asia/Shanghai's (docs/rules/money-and-formats.md, "Time"). Shanghai keeps +08:00 all year,
 * so a fixed offset is exact and needs no time-zone data. Zod-free: the portal, the admin pages and
 * the server all read it.
 */

export const TIME_ZONE = 'Asia/Shanghai';
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * HOUR_MS;

/** An instant as the API carries it (ISO text), a Date or epoch milliseconds. */
export type Instant = Date | string | number;

const epoch = (at: Instant) => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));
/** The instant moved by Shanghai's offset, so its UTC fields read as Shanghai's wall clock. */
const wall = (at: Instant) => new Date(epoch(at) + OFFSET_MS);

/** The Shanghai calendar day of an instant, `yyyy-MM-dd` (today: `shanghaiDay(now)`). */
export const shanghaiDay = (at: Instant): string => wall(at).toISOString().slice(0, 10);

/** The Shanghai day as document codes carry it, `yyyyMMdd` (CG20260310…). */
export const shanghaiCodeDay = (at: Instant): string => shanghaiDay(at).replaceAll('-', '');

/** The instant a Shanghai day (`yyyy-MM-dd`) starts, as a timestamptz literal the database compares. */
export const dayStartLiteral = (day: string): string => `${day}T00:00:00+08:00`;

/** The instant a Shanghai day (`yyyy-MM-dd`) starts. */
export const dayStart = (day: string): Date => new Date(dayStartLiteral(day));

/** The day `days` after `day` (before, when negative), both `yyyy-MM-dd`. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the month `months` after `day`'s month (before, when negative), both `yyyy-MM-dd`. */
export function monthStart(day: string, months = 0): string {
  const month = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}-01`;
}

/** The number of days from `from` to `to` (`yyyy-MM-dd`; 0 for the same day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The hour of the day in Shanghai, 0–23. */
export const shanghaiHour = (at: Instant): number => wall(at).getUTCHours();

/** `2026-03-10 14:05`: when something happened or is due, the tables' and details' time. */
export const formatDateTime = (at: Instant): string => wall(at).toISOString().slice(0, 16).replace('T', ' ');

/** `2026-03-10 14:05:09`: a logged moment (operation log, revisions, exports). */
export const formatDateTimeSeconds = (at: Instant): string => wall(at).toISOString().slice(0, 19).replace('T', ' ');

/** `2026-03-10`: the day of an instant (or a day as it is). */
export const formatDate = (at: Instant): string => shanghaiDay(at);

/** `03-10 14:05`: a recent moment in a narrow column. */
export const formatMonthDayTime = (at: Instant): string => formatDateTime(at).slice(5);

/** `2026-03-10T14:05:09+08:00`: an instant written in Shanghai's offset (links that carry a moment). */
export const shanghaiIso = (at: Instant): string => `${formatDateTimeSeconds(at).replace(' ', 'T')}+08:00`;

/** `14:05`. */
export const formatTime = (at: Instant): string => formatDateTime(at).slice(11);

/** `2026年3月10日`: printed documents and greetings. */
export function formatChineseDate(at: Instant): string {
  const d = wall(at);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

/** `2026年3月`. */
export function formatChineseMonth(at: Instant): string {
  const d = wall(at);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月`;
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
/** `星期二`. */
export const formatWeekday = (at: Instant): string => WEEKDAYS[wall(at).getUTCDay()];

/** `20260310140509`: a moment in a file name. */
export const fileStamp = (at: Instant): string => formatDateTimeSeconds(at).replace(/\D/g, '');

/** The time left until `deadline` in words (剩 2天3小时, 剩 3小时5分, 剩 5分钟); null once it has passed. */
export function timeLeftText(deadline: Instant, now: number): string | null {
  const left = epoch(deadline) - now;
  if (left <= 0) return null;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `剩 ${days}天${hours}小时`;
  if (hours > 0) return `剩 ${hours}小时${minutes}分`;
  return `剩 ${Math.max(minutes, 1)}分钟`;
}

/** Whether less than a day is left until `deadline` (the countdown turns red). */
export const dueWithinADay = (deadline: Instant, now: number): boolean => epoch(deadline) - now < DAY_MS;

/** Epoch milliseconds of an instant. */
export const instantMs = epoch;
