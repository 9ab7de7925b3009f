/** Calendar days are Asia/Shanghai days; the database compares instants, so a day is [00:00, next 00:00) +08:00. */
const DAY_MS = 86_400_000;

const parseDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface Period {
  from: string;
  to: string;
  /** Start of `from` and start of the day after `to`, as timestamptz literals. */
  fromInstant: string;
  toInstant: string;
}

export function period(from: string, to: string): Period {
  const next = formatDay(parseDay(to) + DAY_MS);
  return { from, to, fromInstant: `${from}T00:00:00+08:00`, toInstant: `${next}T00:00:00+08:00` };
}

/** The period of the same number of days that ends the day before `from`. */
export function previousPeriod(current: Period): Period {
  const days = (parseDay(current.to) - parseDay(current.from)) / DAY_MS + 1;
  const to = formatDay(parseDay(current.from) - DAY_MS);
  const from = formatDay(parseDay(current.from) - days * DAY_MS);
  return period(from, to);
}

/** Today's date in Asia/Shanghai. */
export const shanghaiDay = (now: Date) => formatDay(now.getTime() + 8 * 3600 * 1000);

export const addDays = (day: string, days: number) => formatDay(parseDay(day) + days * DAY_MS);
