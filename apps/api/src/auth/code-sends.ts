/** Send-code calls per client address within the window (route config `sendsCode`). */
export const CODE_SENDS_PER_ADDRESS = 30;
/** The window of the code-send limits: per client address (auth plugin) and per account and destination. */
export const CODE_SEND_WINDOW_MS = 15 * 60 * 1000;
