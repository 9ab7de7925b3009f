import { instantMs } from '@scm/contract';
import { useEffect, useMemo, useState } from 'react';

/**
 * The server's clock as the page last heard it (`serverNow`, an answer's time), moving on with the
 * device's (the device's own clock without it); the component renders again every 15 s while `ticking`. The offset is taken once per
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
