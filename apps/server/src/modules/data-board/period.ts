import { addDays, daysBetween, dayStartLiteral } from '@scm/contract';

/** Calendar days are Asia/Shanghai days; the database compares instants, so a day is [00:00, next 00:00) +08:00. */
export interface Period {
  from: string;
  to: string;
  /** Start of `from` and start of the day after `to`, as timestamptz literals. */
  fromInstant: string;
  toInstant: string;
}

export function period(from: string, to: string): Period {
  return { from, to, fromInstant: dayStartLiteral(from), toInstant: dayStartLiteral(addDays(to, 1)) };
}

/** The period of the same number of days that ends the day before `from`. */
export function previousPeriod(current: Period): Period {
  const days = daysBetween(current.from, current.to) + 1;
  return period(addDays(current.from, -days), addDays(current.from, -1));
}
