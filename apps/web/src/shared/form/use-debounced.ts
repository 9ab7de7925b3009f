import { useEffect, useState } from 'react';

/** The text typed, settled for `delay` ms: a search-as-you-type select sends one request per pause, not per keystroke. */
export function useDebounced(value: string, { delay = 300 }: { delay?: number } = {}) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
