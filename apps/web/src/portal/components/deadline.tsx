import { dueWithinADay, formatDateTime, instantMs, timeLeftText } from '@scm/contract';
import { useEffect, useMemo, useState } from 'react';

/**
 * The server's clock as this page last heard it (`serverNow`, an answer's time), moving on with the
 * device's; the component renders again every 15 s while `ticking`. The offset is taken once per
 * answer: taken on every render, it moved with each render and asked for another.
 */
export function useServerNow(serverNow: string | undefined, ticking = true): number {
  const offset = useMemo(() => (serverNow ? instantMs(serverNow) - Date.now() : 0), [serverNow]);
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
  const left = active ? timeLeftText(deadline, now) : null;
  const soon = dueWithinADay(deadline, now);
  return (
    <span>
      {formatDateTime(deadline)}
      {active && (
        <span className={left ? (soon ? 'portal-text-danger' : 'portal-text-warning') : 'portal-muted'} style={{ marginLeft: 8 }}>
          {left ?? '已截止'}
        </span>
      )}
    </span>
  );
}
