import { useCallback, useEffect, useState } from 'react';
import { authStore, type CodeSentFlag, useAuth } from '../../../lib/auth-store.ts';

/** Wait between two codes sent on request: friendly to the server's rate limits. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Whole seconds left until `until` (ms), refreshed every second while some are left. */
function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** Seconds left before an action may run again (e.g. "Send a new code"); start() begins the wait. */
export function useCooldown(seconds: number) {
  const [until, setUntil] = useState<number | null>(null);
  const remaining = useSecondsUntil(until);
  const start = useCallback(() => setUntil(Date.now() + seconds * 1000), [seconds]);
  return { remaining, active: remaining > 0, start };
}

/**
 * A code flag of the session state (`authStore`): where the code went, the resend wait from when it was sent
 * (so it holds across screens), and the calls that set it when a code is sent and clear it once it is used.
 */
export function useSentCode(flag: CodeSentFlag) {
  const sent = useAuth()[flag];
  const remaining = useSecondsUntil(sent ? sent.at + RESEND_COOLDOWN_SECONDS * 1000 : null);
  return {
    sentTo: sent?.to ?? null,
    remaining,
    active: remaining > 0,
    markSent: useCallback((to: string) => authStore.setCodeSent(flag, to), [flag]),
    clear: useCallback(() => authStore.setCodeSent(flag, null), [flag]),
  };
}
