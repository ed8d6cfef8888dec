import '../../../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { isoToLocal } from './alert-list-state.ts';
import {
  initialMaintenanceValues,
  type MaintenanceFormValues,
  maintenanceFormErrors,
  maintenanceRequest,
} from './maintenance-form.ts';

const SITE = '33333333-3333-4333-8333-333333333333';
const en = i18n.getFixedT('en', 'alerts');
const es = i18n.getFixedT('es', 'alerts');
const NOW = new Date(2026, 2, 2, 9, 7).getTime();

const valid: MaintenanceFormValues = {
  siteIds: [SITE],
  groupId: null,
  startsAt: '2026-03-02T10:00',
  endsAt: '2026-03-02T12:00',
  reason: 'ISP circuit upgrade',
};

describe('the schedule form checks the contract, in the language', () => {
  it.each([
    ['valid', {}, en, {}],
    ['no sites nor group', { siteIds: [] }, en, { siteIds: 'Choose sites or a group.' }],
    ['a group alone is enough', { siteIds: [], groupId: '99999999-9999-4999-8999-999999999999' }, en, {}],
    ['no reason', { reason: '  ' }, en, { reason: 'Give a reason.' }],
    ['no reason (es)', { reason: '' }, es, { reason: 'Indique un motivo.' }],
    ['a reason too long', { reason: 'x'.repeat(501) }, en, { reason: 'A reason is at most 500 characters.' }],
    [
      'ends before it starts',
      { endsAt: '2026-03-02T09:30' },
      en,
      { endsAt: 'The window must end after it starts.' },
    ],
    [
      'ends when it starts (es)',
      { endsAt: '2026-03-02T10:00' },
      es,
      { endsAt: 'La ventana debe terminar después de empezar.' },
    ],
    [
      'longer than 31 days',
      { endsAt: '2026-04-03T10:01' },
      en,
      { endsAt: 'A window lasts at most 31 days.' },
    ],
    ['no start', { startsAt: '' }, en, { startsAt: 'Enter a valid start time.' }],
    [
      'ended already',
      { startsAt: '2026-03-01T10:00', endsAt: '2026-03-02T09:00' },
      en,
      { endsAt: 'The window must end in the future.' },
    ],
  ])('%s', (_name, change, t, errors) => {
    expect(maintenanceFormErrors({ ...valid, ...change }, t, NOW)).toEqual(errors);
  });

  it('a valid form makes the request with ISO times', () => {
    expect(maintenanceRequest(valid)).toEqual({
      siteIds: [SITE],
      groupId: null,
      startsAt: new Date(2026, 2, 2, 10, 0).toISOString(),
      endsAt: new Date(2026, 2, 2, 12, 0).toISOString(),
      reason: 'ISP circuit upgrade',
    });
    expect(maintenanceRequest({ ...valid, siteIds: [] })).toBeNull();
  });

  it('starts at the next quarter hour, for two hours', () => {
    const values = initialMaintenanceValues(new Date(NOW), isoToLocal);
    expect([values.startsAt, values.endsAt]).toEqual(['2026-03-02T09:15', '2026-03-02T11:15']);
    expect(initialMaintenanceValues(new Date(2026, 2, 2, 9, 0), isoToLocal).startsAt).toBe(
      '2026-03-02T09:15',
    );
    expect(initialMaintenanceValues(new Date(2026, 2, 2, 23, 50), isoToLocal).startsAt).toBe(
      '2026-03-03T00:00',
    );
  });
});
