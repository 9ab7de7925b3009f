import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';

/** The time left until `deadline`, in words; null once it has passed. */
export function timeLeft(deadline: string, now: number): string | null {
  const left = dayjs(deadline).valueOf() - now;
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400_000);
  const hours = Math.floor((left % 86_400_000) / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  if (days > 0) return `剩 ${days}天${hours}小时`;
  if (hours > 0) return `剩 ${hours}小时${minutes}分`;
  return `剩 ${Math.max(minutes, 1)}分钟`;
}

/**
 * The server's clock as this page last heard it (`serverNow`, an answer's time), moving on with the
 * device's; the component renders again every 15 s while `ticking`. The offset is taken once per
 * answer: taken on every render, it moved with each render and asked for another.
 */
export function useServerNow(serverNow: string | undefined, ticking = true): number {
  const offset = useMemo(() => (serverNow ? dayjs(serverNow).valueOf() - Date.now() : 0), [serverNow]);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 15_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return Date.now() + offset;
}

/**
 * The quote deadline with a countdown while quoting. `serverNow` (when the answer has it) corrects
 * the phone's clock; the server alone decides whether a quote is in time.
 */
export function Deadline({ deadline, active, serverNow }: { deadline: string; active: boolean; serverNow?: string }) {
  const now = useServerNow(serverNow, active);
  const left = active ? timeLeft(deadline, now) : null;
  const soon = dayjs(deadline).valueOf() - now < 86_400_000;
  return (
    <span>
      {dayjs(deadline).format('YYYY-MM-DD HH:mm')}
      {active && (
        <span className={left ? (soon ? 'portal-text-danger' : 'portal-text-warning') : 'portal-muted'} style={{ marginLeft: 8 }}>
          {left ?? '已截止'}
        </span>
      )}
    </span>
  );
}
