import '../../../../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { actionKey, actionLabel, KNOWN_ACTIONS } from './action-label.ts';

describe('activity action labels', () => {
  it.each(['en', 'es'])('every known action has a label in %s', async (lang) => {
    await i18n.changeLanguage(lang);
    const t = i18n.getFixedT(lang, 'adminOrganization');
    const missing = KNOWN_ACTIONS.filter(
      (a) => !i18n.exists(actionKey(a), { ns: 'adminOrganization', lng: lang }),
    );
    expect(missing).toEqual([]);
    expect(actionLabel(t, 'organization.update')).not.toBe('organization.update');
  });

  it('labels in both languages, and shows an unknown action as stored', async () => {
    const en = i18n.getFixedT('en', 'adminOrganization');
    const es = i18n.getFixedT('es', 'adminOrganization');
    expect(actionLabel(en, 'impersonation.exchange')).toBe('Support session started');
    expect(actionLabel(es, 'impersonation.exchange')).toBe('Sesión de soporte iniciada');
    expect(actionLabel(en, 'register')).toBe('Registered');
    expect(actionLabel(en, 'register.refused')).toBe('Registration refused');
    expect(actionLabel(en, 'billing.future_thing')).toBe('billing.future_thing');
  });
});
