/**
 * The support chat's timing (spec part 9), apart from its schemas: the signed-in frame reads these and loads no
 * zod with them (docs/decisions/web.md).
 */

/** Spec part 9: the widget waits up to 5 s for the messenger, polling from 100 ms up to 500 ms. */
export const CHAT_WAIT_MS = 5_000;
export const CHAT_POLL_MIN_MS = 100;
export const CHAT_POLL_MAX_MS = 500;
/** Spec part 9: updates to the booted messenger are debounced 500 ms. */
export const CHAT_UPDATE_DEBOUNCE_MS = 500;
