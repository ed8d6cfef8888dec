import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may run again (e.g. "Send a new code"); start() begins the wait. */
export function useCooldown(seconds: number) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, [seconds]);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { remaining, active: remaining > 0, start };
}

/** Wait between two codes sent on request: friendly to the server's rate limits. */
export const RESEND_COOLDOWN_SECONDS = 30;
