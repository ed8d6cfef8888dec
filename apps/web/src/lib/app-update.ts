import { useEffect } from 'react';

/** Spec part 9: the application update check runs at once and every 5 minutes. */
export const UPDATE_CHECK_MS = 5 * 60_000;

/** The entry script of an index.html (the built bundle's hashed file name changes with each release). */
export function entryScript(html: string): string | null {
  const match =
    html.match(/<script[^>]*type="module"[^>]*src="([^"]+)"/) ??
    html.match(/<script[^>]*src="([^"]+)"[^>]*type="module"/);
  return match?.[1] ?? null;
}

/** True when the served index.html names another entry script than the page that is running. */
export function hasNewContent(runningEntry: string | null, servedHtml: string): boolean {
  const served = entryScript(servedHtml);
  return runningEntry !== null && served !== null && served !== runningEntry;
}

function runningEntry(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src, window.location.origin).pathname : null;
}

/** Checks for a new release now and every 5 minutes; on new content the page reloads (spec part 4). */
export function useAppUpdateCheck(): void {
  useEffect(() => {
    const running = runningEntry();
    const check = async () => {
      try {
        const response = await fetch('/index.html', { cache: 'no-store', headers: { Accept: 'text/html' } });
        if (response.ok && hasNewContent(running, await response.text())) window.location.reload();
      } catch {
        // Offline or the server restarting: the next check tries again.
      }
    };
    void check();
    const timer = window.setInterval(check, UPDATE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
}
