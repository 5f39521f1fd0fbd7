import { useEffect, useState } from 'react';

/** Seconds left before an action (resending a code) is allowed again; 0 when it is. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: setRemaining };
}
