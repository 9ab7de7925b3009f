import { addDays, dayStartLiteral, formatDateTimeSeconds, type Instant, shanghaiDay } from '@scm/contract';
// biome-ignore lint/style/noRestrictedImports: this is the one module the rule points to
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The one module that turns the API's days and instants into antd picker values (Dayjs) and back
 * (docs/rules/money-and-formats.md, "Time"). Pages never call `dayjs(…)` themselves.
 *
 * A picked day is a day, not an instant: `yyyy-MM-dd` on the wire, converted without a zone. A picked
 * time (a deadline, a log filter) is Shanghai's wall clock: the picker holds the digits a person in
 * Shanghai reads, and they go out with +08:00, so a browser in another zone shows and sends the same.
 * "Today" is Shanghai's.
 */

export const DAY_FORMAT = 'YYYY-MM-DD';
const WALL_FORMAT = 'YYYY-MM-DDTHH:mm:ss.SSS';

/** A picked day as the API carries it. */
export const dayText = (value: Dayjs): string => value.format(DAY_FORMAT);

/** A picked day, or undefined for an empty picker (filters). */
export const optionalDayText = (value: Dayjs | null | undefined): string | undefined => (value ? dayText(value) : undefined);

/** A picker's value for a day the API sent. */
export const dayValue = (day: string): Dayjs => dayjs(day);

/** A picker's value for a day the API may leave empty (null: an empty picker). */
export const optionalDayValue = (day: string | null | undefined): Dayjs | null => (day ? dayValue(day) : null);

/** A range picker's value for a filter's two days (`yyyy-MM-dd`), or undefined unless both are set. */
export const dayRange = (from: string | null | undefined, to: string | null | undefined): [Dayjs, Dayjs] | undefined =>
  from && to ? [dayValue(from), dayValue(to)] : undefined;

/** Today in Shanghai, as a picker's value. */
export const todayValue = (now: number = Date.now()): Dayjs => dayValue(shanghaiDay(now));

/** A picker's `disabledDate` for "not before today" in Shanghai, whatever the browser's zone. */
export const beforeToday = (value: Dayjs): boolean => dayText(value) < shanghaiDay(Date.now());

/** A picker's `disabledDate` for "not after today" in Shanghai, whatever the browser's zone. */
export const afterToday = (value: Dayjs): boolean => dayText(value) > shanghaiDay(Date.now());

/** A time picker's value for an instant: its Shanghai wall clock, whatever the browser's zone. */
export const instantValue = (at: Instant): Dayjs => dayjs(formatDateTimeSeconds(at).replace(' ', 'T'));

/** The instant a time picker's value names, read as Shanghai's wall clock: `2026-03-13T18:00:00.000+08:00`. */
export const instantText = (value: Dayjs): string => `${value.format(WALL_FORMAT)}+08:00`;

/** A range picker's value for a filter's two instants, or undefined unless both are set. */
export const instantRange = (from: Instant | null | undefined, to: Instant | null | undefined): [Dayjs, Dayjs] | undefined =>
  from && to ? [instantValue(from), instantValue(to)] : undefined;

/** The instant a picked day starts in Shanghai (a filter's lower bound on a timestamp). */
export const dayStartText = (value: Dayjs): string => dayStartLiteral(dayText(value));

/** The last millisecond of a picked day in Shanghai (a filter's upper bound on a timestamp). */
export const dayEndText = (value: Dayjs): string => `${dayText(value)}T23:59:59.999+08:00`;

/**
 * A time picker's value `days` Shanghai days after today at Shanghai's `time` (`HH:mm`): a task's
 * quote deadline starts at `daysAheadAt(3, '18:00')`.
 */
export const daysAheadAt = (days: number, time: string, now: number = Date.now()): Dayjs => dayjs(`${addDays(shanghaiDay(now), days)}T${time}:00`);
