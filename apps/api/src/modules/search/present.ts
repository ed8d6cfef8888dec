import type {
  Alert,
  DeviceSummary,
  SearchAlertHit,
  SearchDeviceHit,
  SearchSiteHit,
  SearchTicketHit,
  SiteSummary,
  TicketSummary,
} from '@vnoc/contracts';

/** The lists' rows, cut down to what a result line of the header search shows. */
export const siteHit = (s: SiteSummary): SearchSiteHit => ({
  id: s.id,
  name: s.name,
  city: s.address.city,
  state: s.address.state,
  status: s.status,
});

export const deviceHit = (d: DeviceSummary): SearchDeviceHit => ({
  id: d.id,
  name: d.name,
  model: d.deviceModelType.model,
  macAddress: d.macAddress,
  kind: d.kind,
  status: d.status,
  site: d.site,
});

export const alertHit = (a: Alert): SearchAlertHit => ({
  id: a.id,
  code: a.code,
  severity: a.severity,
  message: a.message,
  siteName: a.siteName,
  raisedAt: a.raisedAt,
  acknowledged: a.acknowledgedAt !== null,
});

export const ticketHit = (t: TicketSummary): SearchTicketHit => ({
  id: t.id,
  number: t.number,
  subject: t.subject,
  status: t.status,
  siteName: t.site.name,
});
