/**
 * The unit files of a worker share one module graph (isolate is off): what a file may have changed there is
 * put back before the next file starts, as a fresh worker would have it: real timers, no stubs or spies, empty
 * storage (where there is one), English.
 */
import { vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
globalThis.localStorage?.clear();
globalThis.sessionStorage?.clear();
await i18n.changeLanguage('en');
