// The device's query key, apart from its request: the live updates import it without the request's code.

/** GET device/{id} is cached under it: a change or a live event about the device refreshes it. */
export const deviceQueryKey = (id: string) => ['device', id] as const;
