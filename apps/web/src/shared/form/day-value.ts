import { shanghaiDay } from '@scm/contract';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * Date pickers hold a calendar day as a Dayjs; the API carries it as `yyyy-MM-dd`. A picked day is
 * a day, not an instant, so these convert without a zone; "today" is Shanghai's
 * (docs/rules/money-and-formats.md, "Time").
 */

export const DAY_FORMAT = 'YYYY-MM-DD';

/** A picked day as the API carries it. */
export const dayText = (value: Dayjs): string => value.format(DAY_FORMAT);

/** A picked day, or undefined for an empty picker (filters). */
export const optionalDayText = (value: Dayjs | null | undefined): string | undefined => (value ? dayText(value) : undefined);

/** A picker's value for a day the API sent. */
export const dayValue = (day: string): Dayjs => dayjs(day);

/** Today in Shanghai, as a picker's value. */
export const todayValue = (): Dayjs => dayjs(shanghaiDay(Date.now()));

/** A picker's `disabledDate` for "not before today" in Shanghai, whatever the browser's zone. */
export const beforeToday = (value: Dayjs): boolean => dayText(value) < shanghaiDay(Date.now());

/** A picker's `disabledDate` for "not after today" in Shanghai, whatever the browser's zone. */
export const afterToday = (value: Dayjs): boolean => dayText(value) > shanghaiDay(Date.now());
