import { useEffect, useState } from 'react';

/** The time, read again every `everyMs`: the batches' windows are compared with it (a render stays pure). */
export function useClock(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
