import '../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';

// One port or several: the sentence agrees in both languages (issue 13: "Los puertos 4 se apagan" for one port).
describe('port sentences agree with the number of ports', () => {
  it.each([
    ['en', 'confirm.portsConsequence', ['3'], 'Port 3 is turned off now.'],
    ['en', 'confirm.portsConsequence', ['3', '4'], 'Ports 3, 4 are turned off now.'],
    ['es', 'confirm.portsConsequence', ['4'], 'El puerto 4 se apaga ahora.'],
    ['es', 'confirm.portsConsequence', ['3', '4'], 'Los puertos 3, 4 se apagan ahora.'],
    ['en', 'inputs.revertSome', ['5'], 'Port 5 is off; this turns it back on.'],
    ['en', 'inputs.revertSome', ['5', '6'], 'Ports 5, 6 are off; this turns them back on.'],
    ['es', 'inputs.revertSome', ['5'], 'El puerto 5 está apagado; esta acción lo vuelve a activar.'],
    [
      'es',
      'inputs.revertSome',
      ['5', '6'],
      'Los puertos 5, 6 están apagados; esta acción los vuelve a activar.',
    ],
  ])('%s %s %j', (lng, key, ports, expected) => {
    const text = i18n.t(key, { ns: 'diagnostics', lng, ports: ports.join(', '), count: ports.length });
    expect(text.startsWith(expected)).toBe(true);
  });

  it('the authenticator enrolment message reads without gender trouble in Spanish', () => {
    const method = i18n.t('mfa.methods.app', { ns: 'auth', lng: 'es' });
    expect(i18n.t('mfa.enrolled', { ns: 'auth', lng: 'es', method })).toBe(
      'Autenticación multifactor configurada: Aplicación de autenticación.',
    );
  });
});

// Spanish has a third plural form for whole millions ("many"); without it i18next falls back to English.
describe('Spanish counts in the millions', () => {
  it('every Spanish plural has its "many" form', async () => {
    const files = import.meta.glob<{ default: Record<string, unknown> }>('./es/*.json', { eager: true });
    const missing: string[] = [];
    const walk = (node: Record<string, unknown>, path: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (value && typeof value === 'object') walk(value as Record<string, unknown>, `${path}${key}.`);
        else if (key.endsWith('_other') && !(`${key.slice(0, -6)}_many` in node)) missing.push(path + key);
      }
    };
    for (const [file, json] of Object.entries(files)) walk(json.default, `${file}: `);
    expect(missing).toEqual([]);
  });

  it('a count of a million reads in Spanish', () => {
    expect(i18n.t('selection.count', { ns: 'deviceList', lng: 'es', count: 1_000_000 })).toBe(
      '1000000 dispositivos seleccionados',
    );
  });
});
