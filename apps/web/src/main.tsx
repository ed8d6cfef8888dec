import './styles/mantine-public.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter, preloadStoredSession } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { nextTask } from './lib/after-paint.ts';
import { languageReady } from './lib/i18n.ts';
import { TOAST_MS, useToastsWanted } from './lib/notify.ts';
import { queryClient } from './lib/query-client.ts';
import { themeColorSchemeManager } from './lib/theme.ts';

// The toasts' container loads with the first toast (lib/notify.ts); a toast shown before it mounts waits in
// Mantine's store and appears with it.
const Notifications = lazy(() =>
  Promise.all([import('@mantine/notifications'), import('./styles/sign-in-styles.ts')]).then(([m]) => ({
    default: m.Notifications,
  })),
);

function Toasts() {
  const wanted = useToastsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" autoClose={TOAST_MS} />
    </Suspense>
  ) : null;
}

const colorSchemeManager = themeColorSchemeManager();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A Spanish user's wording is fetched first (lib/i18n.ts); until then the page keeps index.html's mark. A failed
// fetch renders all the same, in English, the fallback. A stored token's claims are read as the auth store loads
// (lib/auth-store.ts), and checked once the first screen has drawn.
const render = () => {
  const router = createAppRouter();
  const reactRoot = createRoot(root);
  // Rendered as a transition: React renders it in slices of a few milliseconds with the main thread free between
  // them, where a plain first render of the frame and its screen was one long task on a phone's processor.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
        >
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
};
// Three tasks, not one: the entry's evaluation, the stored session's preloads, then the router's start (its route
// table, the first navigation's loaders) and the first render. Together they were one task of ~110 ms on this
// machine, ~450 ms on Lighthouse's mobile profile, all of it blocking input.
void nextTask()
  .then(() => {
    void preloadStoredSession(window.location.pathname);
    return languageReady.then(nextTask, nextTask);
  })
  .then(render);
