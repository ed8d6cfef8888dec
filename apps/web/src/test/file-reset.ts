/**
 * The unit files of a worker share one module graph (isolate is off): what a file may have changed there is
 * put back before the next file starts, as a fresh worker would have it: real timers, no stubs or spies, empty
 * storage (where there is one), English. The claims' decoder, which the app fetches before it reads a token
 * (lib/auth-store.ts), is there before any file stores one.
 */
import { vi } from 'vitest';
import { loadClaimsDecoder } from '../lib/auth-store.ts';
import { i18n } from '../lib/i18n.ts';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
globalThis.localStorage?.clear();
globalThis.sessionStorage?.clear();
await i18n.changeLanguage('en');
await loadClaimsDecoder();
