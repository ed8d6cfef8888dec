/**
 * Absolute links to the console's pages, for emails and text messages (issue 37: every message opens the exact
 * page). The paths are the console's own (apps/web/src/lib/paths.ts and the Alerts screen's `?alert=` detail);
 * the origin is `consoleUrl(config)`, never a request header.
 */
export type ConsoleLinks = {
  /** The Alerts screen with this alert's detail open, on the tab it is in. */
  alert: (id: string, state: 'active' | 'cleared') => string;
  /** The Alerts screen (a digest: the active tab). */
  alerts: () => string;
  device: (siteId: string, deviceId: string) => string;
  ticket: (id: string) => string;
  /** The support console's Tickets with this ticket open (the provider's support staff). */
  supportTicket: (id: string) => string;
  /** Settings → Notifications, where a person chooses what reaches them. */
  notificationSettings: () => string;
};

export function consoleLinks(base: string): ConsoleLinks {
  const root = base.replace(/\/+$/, '');
  const at = (path: string) => `${root}${path}`;
  const id = (value: string) => encodeURIComponent(value);
  return {
    alert: (alertId, state) =>
      at(`/alerts?${state === 'cleared' ? 'status=cleared&' : ''}alert=${id(alertId)}`),
    alerts: () => at('/alerts'),
    device: (siteId, deviceId) => at(`/sites/${id(siteId)}/device/${id(deviceId)}`),
    ticket: (ticketId) => at(`/tickets/${id(ticketId)}`),
    supportTicket: (ticketId) => at(`/support?view=tickets&ticket=${id(ticketId)}`),
    notificationSettings: () => at('/settings/notifications'),
  };
}
