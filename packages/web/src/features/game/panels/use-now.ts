import { useEffect, useState } from 'react';
import { tickMs } from '../state/clock.ts';

/**
 * The current time for a clock display: redrawn every second, or every
 * 100 ms while `msLeft(now)` is under ten seconds; not at all unless `active`.
 */
export function useClockNow(active: boolean, msLeft: (now: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  const delay = tickMs(msLeft(now));
  useEffect(() => {
    if (!active) return;
    const id = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(id);
  }, [active, delay, now]);
  return now;
}
