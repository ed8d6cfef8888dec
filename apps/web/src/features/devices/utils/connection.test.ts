import '../../../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { fleetText } from '../../../lib/fleet-text.ts';
import { i18n } from '../../../lib/i18n.ts';
import { connectionLabelKey, deviceConnection } from './connection.ts';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');

// Spec part 4: "Connection: primary shows Connected/Primary; secondary shows Secondary; otherwise No Service."
describe('connection label', () => {
  it.each([
    ['primary', 'primary', 'Connected/Primary', 'Conectada/Principal'],
    ['secondary', 'secondary', 'Secondary', 'Secundaria'],
    ['Primary', 'primary', 'Connected/Primary', 'Conectada/Principal'],
    ['none', 'none', 'No Service', 'Sin servicio'],
    ['tertiary', 'none', 'No Service', 'Sin servicio'],
    ['', 'none', 'No Service', 'Sin servicio'],
    [null, 'none', 'No Service', 'Sin servicio'],
    [undefined, 'none', 'No Service', 'Sin servicio'],
  ])('%s → %s, "%s" / "%s"', (value, connection, english, spanish) => {
    expect(deviceConnection(value)).toBe(connection);
    expect(fleetText(en, connectionLabelKey(value))).toBe(english);
    expect(fleetText(es, connectionLabelKey(value))).toBe(spanish);
  });
});
