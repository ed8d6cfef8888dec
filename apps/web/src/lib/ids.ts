/** An id as the API writes it (any UUID version, any case): what a list's URL may carry as a filter. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** A URL parameter kept when it is an id, else dropped (a hand-edited link cannot send a malformed id). */
export const uuidOrNull = (value: string | null): string | null => (value && isUuid(value) ? value : null);
