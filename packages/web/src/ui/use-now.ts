import { useEffect, useState } from 'react';

/** The time, refreshed every `everyMs` (for states that change with time, like ROUND_LATE). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
