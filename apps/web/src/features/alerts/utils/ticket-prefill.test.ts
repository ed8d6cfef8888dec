import '../../../test/i18n-setup.ts';
import { TICKET_COMMENT_MAX, TICKET_SUBJECT_MAX } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { alertOf, dependentAp, detailOf, EDGE_ID, latency, SITE_ID } from '../test/fixtures.ts';
import { alertTicketComment, alertTicketPrefill, alertTicketSubject } from './ticket-prefill.ts';

const en = i18n.getFixedT('en', 'alerts');
const es = i18n.getFixedT('es', 'alerts');

describe('the ticket subject: [Severity] Name — Place', () => {
  it.each([
    ['a site alert', alertOf(), en, 'en', '[Critical] Site offline — Store 12'],
    ['in Spanish', alertOf(), es, 'es', '[Crítica] Sitio sin conexión — Store 12'],
    ['a minor one', latency, en, 'en', '[Minor] High WAN latency — Store 40'],
    [
      'a regional incident names its region',
      alertOf({ code: 'regional_outage', siteId: null, siteName: null, deviceId: null, region: 'TX' }),
      en,
      'en',
      '[Critical] Regional outage — TX',
    ],
    [
      'no place at all: no dash',
      alertOf({ siteName: null, region: null }),
      en,
      'en',
      '[Critical] Site offline',
    ],
  ])('%s', (_name, alert, t, lang, subject) => {
    expect(alertTicketSubject(alert, t, lang)).toBe(subject);
  });

  it(`is cut to the ticket's ${TICKET_SUBJECT_MAX} characters`, () => {
    const subject = alertTicketSubject(alertOf({ siteName: 'S'.repeat(300) }), en, 'en');
    expect(subject).toHaveLength(TICKET_SUBJECT_MAX);
    expect(subject.endsWith('…')).toBe(true);
  });
});

describe('the ticket comment', () => {
  it('lists the alert, what was measured and each dependent, worst first', () => {
    const minor = alertOf({
      ...dependentAp,
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      code: 'weak_signal',
      severity: 'minor',
      details: { bars: 1 },
      raisedAt: '2026-03-02T14:05:00.000Z',
    });
    const detail = detailOf(alertOf({ occurrences: 2, dependents: 2 }), {
      dependentAlerts: [minor, dependentAp],
    });
    expect(alertTicketComment(detail, en, 'en').split('\n')).toEqual([
      'Alert: Site offline (Critical)',
      "The site's edge device (firewall or 5G appliance) is offline: the site has no connection.",
      'Site: Store 12',
      'Device: TZ370 00DB (00:17:c5:00:00:db)',
      `Raised: ${formatDate('2026-03-02T14:00:00.000Z')}`,
      `Last seen: ${formatDate('2026-03-02T14:12:00.000Z')}`,
      'Occurrences: 2',
      'Measured: for 12 min',
      '',
      '2 dependent alerts:',
      `- [Major] Device offline — Lobby AP (00:18:0a:00:00:01), Store 12, for 11 min, raised ${formatDate(dependentAp.raisedAt)}`,
      `- [Minor] Weak cellular signal — Lobby AP (00:18:0a:00:00:01), Store 12, 1 of 5 bars, raised ${formatDate(minor.raisedAt)}`,
    ]);
  });

  it('in Spanish, with the cleared time of a cleared alert and no dependents section without dependents', () => {
    const cleared = detailOf(alertOf({ status: 'cleared', clearedAt: '2026-03-02T15:00:00.000Z' }));
    const lines = alertTicketComment(cleared, es, 'es').split('\n');
    expect(lines[0]).toBe('Alerta: Sitio sin conexión (Crítica)');
    expect(lines).toContain(`Resuelta: ${formatDate('2026-03-02T15:00:00.000Z')}`);
    expect(lines).toContain('Medido: durante 12 min');
    expect(lines.some((line) => line.includes('dependiente'))).toBe(false);
  });

  it(`stays within the ticket's ${TICKET_COMMENT_MAX} characters, counting the dependents left out`, () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      alertOf({ ...dependentAp, id: `dep-${String(i).padStart(3, '0')}`, siteName: `Store 12 annex ${i}` }),
    );
    const comment = alertTicketComment(detailOf(alertOf(), { dependentAlerts: many }), en, 'en');
    expect(comment.length).toBeLessThanOrEqual(TICKET_COMMENT_MAX);
    const listed = comment.split('\n').filter((line) => line.startsWith('- [')).length;
    expect(listed).toBeGreaterThan(10);
    expect(comment.split('\n').at(-1)).toBe(`… and ${200 - listed} more`);
  });
});

describe('the ticket device', () => {
  it.each([
    ['the alert’s own device', detailOf(alertOf()), EDGE_ID],
    [
      'a regional incident: its worst dependent’s device',
      detailOf(alertOf({ code: 'regional_outage', deviceId: null, siteId: null, siteName: null }), {
        dependentAlerts: [latency, alertOf({ id: 'x', deviceId: EDGE_ID })],
      }),
      EDGE_ID,
    ],
    [
      'nothing to send it for',
      detailOf(alertOf({ code: 'regional_outage', deviceId: null, siteId: null, siteName: null })),
      null,
    ],
  ])('%s', (_name, detail, deviceId) => {
    expect(alertTicketPrefill(detail, en, 'en')?.device.id ?? null).toBe(deviceId);
  });

  it('carries the device’s site for the form', () => {
    expect(alertTicketPrefill(detailOf(alertOf()), en, 'en')?.device).toEqual({
      id: EDGE_ID,
      macAddress: '00:17:c5:00:00:db',
      model: 'TZ370',
      siteId: SITE_ID,
      siteName: 'Store 12',
    });
  });
});
