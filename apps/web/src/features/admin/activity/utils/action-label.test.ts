import '../../../../test/i18n-setup.ts';
import { AUDIT_ACTIONS, targetKindOf } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import {
  actionKey,
  actionLabel,
  detailLabel,
  detailValue,
  sentenceKey,
  targetPath,
  targetText,
} from './action-label.ts';

const ns = 'adminOrganization';

// The API's audit() accepts only AUDIT_ACTIONS (a type), so this covers every action written anywhere in apps/api.
describe.each(['en', 'es'])('every action the API writes reads as words in %s', (lng) => {
  it.each(AUDIT_ACTIONS)('%s has a label and a sentence', (action) => {
    expect(i18n.exists(actionKey(action), { ns, lng }), `label of ${action}`).toBe(true);
    expect(i18n.exists(sentenceKey(action), { ns, lng }), `sentence of ${action}`).toBe(true);
    const sentence = i18n.getFixedT(lng, ns)(sentenceKey(action));
    // A sentence names its target only when the action has one to name.
    if (sentence.includes('<target>')) expect(targetKindOf(action)).not.toBeNull();
  });
});

describe('activity words', () => {
  const en = i18n.getFixedT('en', ns);
  const es = i18n.getFixedT('es', ns);

  it('labels in both languages, and shows an unknown action as stored', () => {
    expect(actionLabel(en, 'impersonation.exchange')).toBe('Support session started');
    expect(actionLabel(es, 'impersonation.exchange')).toBe('Sesión de soporte iniciada');
    expect(actionLabel(en, 'register.refused')).toBe('Registration refused');
    expect(actionLabel(en, 'billing.future_thing')).toBe('billing.future_thing');
  });

  it('words the values the server writes, and leaves the rest as stored', () => {
    expect(detailValue(es, 'changed')).toBe('cambiado');
    expect(detailValue(es, 'true')).toBe('sí');
    expect(detailValue(es, 'acme.example, stores.acme.example')).toBe('acme.example, stores.acme.example');
    expect(detailValue(en, 'USER → ADMINISTRATOR')).toBe('USER → ADMINISTRATOR');
  });

  it("shows a time the server writes (an API key's expiry) as every date in the console, with its zone", () => {
    const shown = detailValue(en, '2027-02-27T22:21:00.000Z');
    expect(shown).toMatch(/^\d{2}\/\d{2}\/2027 \d{2}:\d{2} (AM|PM) \S+$/);
    expect(shown).not.toContain('T22:21');
    expect(detailLabel(en, 'expiresAt')).toBe('Expires');
    expect(detailLabel(es, 'expiresAt')).toBe('Caduca');
  });

  it('names an alert by its title and place, in the language, and links targets to their page', () => {
    const alert = {
      kind: 'alert' as const,
      id: 'a-1',
      name: 'Acme Raleigh Westgate',
      alertCode: 'site_offline',
      siteId: 's-1',
      siteName: 'Acme Raleigh Westgate',
    };
    expect(targetText(en, alert, 'en')).toBe('Site offline at Acme Raleigh Westgate');
    expect(targetText(es, alert, 'es')).toMatch(/ en Acme Raleigh Westgate$/);
    expect(targetPath(alert)).toBe('/alerts?alert=a-1');
    expect(targetPath({ ...alert, kind: 'device', id: 'd-1' })).toBe('/sites/s-1/device/d-1');
    // Gone since: named, not linked.
    expect(targetPath({ ...alert, id: null })).toBeNull();
  });
});
