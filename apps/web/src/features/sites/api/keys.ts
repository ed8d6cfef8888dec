// The site's query key, apart from its request: the live updates import it without the request's code.

/** GET site/{id} is cached under it: a change or a live event about the site refreshes it. */
export const siteQueryKey = (id: string) => ['site', id] as const;
