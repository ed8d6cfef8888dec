/**
 * The DOM files of a worker share one module graph and one jsdom (isolate is off): besides what `file-reset.ts`
 * puts back, whatever an earlier file rendered or left in the app's stores is undone before the next file starts,
 * so each file sees the page and the stores as a fresh worker would: nothing mounted (which also drops the
 * breadcrumb's detail), an empty body at `/`, signed out, no banner or query cache, the live stream off, nothing
 * queued for product analytics, and the on-demand components loaded again (through the file's own module mocks).
 */
import { cleanup } from '@testing-library/react';
import { resetRouterState } from '../app/router.tsx';
import { authStore } from '../lib/auth-store.ts';
import { clearBanner } from '../lib/banner.ts';
import { liveConnection } from '../lib/live.ts';
import { forgetPreloadedForTests } from '../lib/preloadable.tsx';
import { productAnalytics } from '../lib/product-analytics.ts';
import { queryClient } from '../lib/query-client.ts';

cleanup();
document.body.innerHTML = '';
window.history.replaceState(null, '', '/');
authStore.resetForTests();
clearBanner();
liveConnection.set('off');
productAnalytics.resetForTests();
forgetPreloadedForTests();
queryClient.clear();
resetRouterState();
