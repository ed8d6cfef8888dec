/** Query keys of the reports feature; mutations invalidate by these prefixes. */
export const reportKeys = {
  all: ['reports'] as const,
  list: () => ['reports', 'list'] as const,
  page: (id: string, query: Record<string, unknown>) => ['reports', 'page', id, query] as const,
  subscriptions: () => ['reports', 'subscriptions'] as const,
};
