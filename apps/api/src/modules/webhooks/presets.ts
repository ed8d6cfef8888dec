/**
 * Each preset speaks its tool's own format (issue 38 point 4), made from vNOC's generic message at each try:
 * Slack incoming webhooks (blocks), Microsoft Teams Workflows webhooks (an Adaptive Card), PagerDuty Events API v2
 * (trigger, acknowledge, resolve, with the alert as the dedup key), ServiceNow's Table API (an incident, created once
 * and then updated in place), and the generic JSON itself.
 */
import type { WebhookEvent, WebhookPreset, WebhookSettings } from '@vnoc/contracts';

/** vNOC's generic message: what the `generic` preset sends as is, and what the others are made from. */
export type WebhookMessage = {
  type: WebhookEvent | 'test';
  timestamp: string;
  data: {
    /** One line that says what happened (English). */
    summary: string;
    severity: 'critical' | 'major' | 'minor' | 'info';
    /** What the message is about: an alert's id (the incident key), a device's or a job's. */
    subject: { kind: 'alert' | 'device' | 'job' | 'ticket' | 'test'; id: string };
    /** The console's page of it, when there is one. */
    url: string | null;
    /** The facts shown as fields (site, device, code, times …). */
    facts: Record<string, string>;
  };
};

/** A message of an event, not a test: the event it is delivered for is its type. */
export type EventMessage = WebhookMessage & { type: WebhookEvent };

export type PresetRequest = {
  method: 'POST' | 'PATCH';
  /** The destination's URL, or the tool's record under it (ServiceNow: `…/incident/<sys_id>`). */
  url: string;
  headers: Record<string, string>;
  body: string;
};

const JSON_TYPE = { 'content-type': 'application/json' };

const factLines = (facts: Record<string, string>) =>
  Object.entries(facts).map(([name, value]) => ({ name, value }));

function slack(m: WebhookMessage): unknown {
  const fields = factLines(m.data.facts)
    .slice(0, 10)
    .map((f) => ({ type: 'mrkdwn', text: `*${f.name}*\n${f.value}` }));
  return {
    text: m.data.summary,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: m.data.summary.slice(0, 150) } },
      ...(fields.length > 0 ? [{ type: 'section', fields }] : []),
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `${m.type} · ${m.data.severity}${m.data.url ? ` · <${m.data.url}|Open in vNOC>` : ''}`,
          },
        ],
      },
    ],
  };
}

function teams(m: WebhookMessage): unknown {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.data.summary, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: `${m.type} · ${m.data.severity}`, isSubtle: true, spacing: 'None' },
            {
              type: 'FactSet',
              facts: factLines(m.data.facts).map((f) => ({ title: f.name, value: f.value })),
            },
          ],
          actions: m.data.url ? [{ type: 'Action.OpenUrl', title: 'Open in vNOC', url: m.data.url }] : [],
        },
      },
    ],
  };
}

const PD_SEVERITY = { critical: 'critical', major: 'error', minor: 'warning', info: 'info' } as const;

/** What the tool is asked to do with the incident the message is about (PagerDuty's event action, ServiceNow's state). */
export function incidentAction(m: WebhookMessage): 'trigger' | 'acknowledge' | 'resolve' {
  switch (m.type) {
    case 'alert.acknowledged':
      return 'acknowledge';
    case 'alert.cleared':
    case 'incident.resolved':
      return 'resolve';
    case 'device.status':
      return m.data.facts.Status === 'online' ? 'resolve' : 'trigger';
    case 'ticket.updated':
      return m.data.facts.Status === 'closed' ? 'resolve' : 'trigger';
    default:
      return 'trigger';
  }
}

function pagerDuty(m: WebhookMessage, settings: WebhookSettings): unknown {
  const action = incidentAction(m);
  const base = {
    routing_key: settings.routingKey ?? '',
    event_action: action,
    // One vNOC alert is one PagerDuty incident: its acknowledgement and clearing reach the same one.
    dedup_key: `vnoc-${m.data.subject.kind}-${m.data.subject.id}`,
  };
  if (action !== 'trigger') return base;
  return {
    ...base,
    payload: {
      summary: m.data.summary.slice(0, 1024),
      source: m.data.facts.Device ?? m.data.facts.Site ?? 'vNOC',
      severity: PD_SEVERITY[m.data.severity],
      timestamp: m.timestamp,
      component: m.data.facts.Device,
      group: m.data.facts.Site,
      class: m.type,
      custom_details: m.data.facts,
    },
    ...(m.data.url ? { links: [{ href: m.data.url, text: 'Open in vNOC' }] } : {}),
  };
}

const SN_URGENCY = { critical: '1', major: '2', minor: '3', info: '3' } as const;
/** ServiceNow's incident states: In Progress (acknowledged, or a ticket opened again) and Resolved. */
const SN_IN_PROGRESS = '2';
const SN_RESOLVED = '6';

const serviceNowText = (m: WebhookMessage) =>
  [
    m.data.summary,
    ...factLines(m.data.facts).map((f) => `${f.name}: ${f.value}`),
    ...(m.data.url ? [m.data.url] : []),
  ].join('\n');

const serviceNowResolution = (m: WebhookMessage) => ({
  state: SN_RESOLVED,
  close_code: 'Resolved by caller',
  close_notes: m.data.summary,
});

/** A new incident (the first message about its subject, or one whose earlier incident is not known). */
function serviceNowIncident(m: WebhookMessage): unknown {
  return {
    short_description: m.data.summary.slice(0, 160),
    description: serviceNowText(m),
    urgency: SN_URGENCY[m.data.severity],
    impact: SN_URGENCY[m.data.severity],
    correlation_id: `vnoc-${m.data.subject.kind}-${m.data.subject.id}`,
    correlation_display: 'vNOC',
    ...(incidentAction(m) === 'resolve' ? serviceNowResolution(m) : {}),
  };
}

/** The change to the incident made before: acknowledged → In Progress, cleared or closed → Resolved, with a note. */
function serviceNowUpdate(m: WebhookMessage): unknown {
  const action = incidentAction(m);
  return {
    work_notes: serviceNowText(m),
    ...(action === 'resolve' ? serviceNowResolution(m) : { state: SN_IN_PROGRESS }),
  };
}

/** ServiceNow's id of a record it made, from the Table API's answer (`{ result: { sys_id } }`); null if none. */
export function serviceNowRecordId(answer: string): string | null {
  try {
    const sysId = (JSON.parse(answer) as { result?: { sys_id?: unknown } }).result?.sys_id;
    return typeof sysId === 'string' && /^[0-9a-f]{32}$/i.test(sysId) ? sysId : null;
  } catch {
    return null;
  }
}

/** The Table API's address of one record under the destination's table URL. */
function recordUrl(tableUrl: string, recordId: string): string {
  const url = new URL(tableUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(recordId)}`;
  return url.toString();
}

/** Whether the preset keeps the record its tool made for a subject, to update it with the subject's next events. */
export const keepsRecords = (preset: WebhookPreset): boolean => preset === 'servicenow';

/**
 * The request a preset makes of a message (the signature headers are added by the sender); `record` is the tool's
 * record of the message's subject made before (see `keepsRecords`), which the message then updates.
 */
export function presetRequest(
  preset: WebhookPreset,
  message: WebhookMessage,
  settings: WebhookSettings,
  destinationUrl: string,
  record: string | null = null,
): PresetRequest {
  const post = (body: unknown, headers: Record<string, string> = JSON_TYPE): PresetRequest => ({
    method: 'POST',
    url: destinationUrl,
    headers,
    body: JSON.stringify(body),
  });
  switch (preset) {
    case 'slack':
      return post(slack(message));
    case 'teams':
      return post(teams(message));
    case 'pagerduty':
      return post(pagerDuty(message, settings));
    case 'servicenow': {
      const account = Buffer.from(`${settings.username ?? ''}:${settings.password ?? ''}`).toString('base64');
      const headers = { ...JSON_TYPE, accept: 'application/json', authorization: `Basic ${account}` };
      if (record === null) return post(serviceNowIncident(message), headers);
      return {
        method: 'PATCH',
        url: recordUrl(destinationUrl, record),
        headers,
        body: JSON.stringify(serviceNowUpdate(message)),
      };
    }
    case 'generic':
      return post(message);
  }
}
