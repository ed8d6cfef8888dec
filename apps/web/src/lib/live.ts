/**
 * How often screens that show the live fleet ask again: a status change reaches an open console within
 * this interval (issue 3). One value, so every list, card and widget agrees on what "live" means.
 */
export const LIVE_REFRESH_MS = 30_000;
