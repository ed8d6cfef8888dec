import '../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { fleetText } from './fleet-text.ts';
import { i18n } from './i18n.ts';
import {
  devicePortSlots,
  isPortSelectable,
  isWanPort,
  PORT_COUNT,
  type PortSlot,
  padPorts,
} from './ports.ts';

const unused = (systemNumber: number): PortSlot => ({
  systemNumber,
  id: null,
  type: 'unused',
  label: null,
  unused: true,
});
const numbers = (slots: PortSlot[]) => slots.map((slot) => slot.systemNumber);
const oneTo16 = Array.from({ length: 16 }, (_, i) => i + 1);

// Spec part 3: "portMapping[] (id, systemNumber, type; padded to 16 ports)"; part 9: "Ports padded to 16."
describe('padPorts', () => {
  it('pads to 16', () => {
    expect(PORT_COUNT).toBe(16);
  });

  it.each([
    ['no ports', [], oneTo16],
    ['null', null, oneTo16],
    ['one port', [{ id: 'p3', systemNumber: 3, type: 'lan' }], oneTo16],
    ['15 ports', oneTo16.slice(0, 15).map((n) => ({ id: n, systemNumber: n, type: 'lan' })), oneTo16],
    ['16 ports', oneTo16.map((n) => ({ id: n, systemNumber: n, type: 'lan' })), oneTo16],
    [
      '24 ports: none cut',
      Array.from({ length: 24 }, (_, i) => ({ id: i, systemNumber: i + 1, type: 'lan' })),
      Array.from({ length: 24 }, (_, i) => i + 1),
    ],
    ['a port 0 is kept', [{ id: 'w', systemNumber: 0, type: 'wan' }], [0, ...oneTo16]],
    [
      'not a port number: dropped',
      [
        { id: 'a', systemNumber: -1, type: 'lan' },
        { id: 'b', systemNumber: 2.5, type: 'lan' },
        { id: 'c', systemNumber: Number.NaN, type: 'lan' },
      ],
      oneTo16,
    ],
  ])('%s → numbers', (_name, ports, expected) => {
    expect(numbers(padPorts(ports))).toEqual(expected);
  });

  it('keeps given ports, fills the gaps with unused placeholders, sorted', () => {
    const slots = padPorts([
      { id: 'p5', systemNumber: 5, type: 'wan' },
      { id: 'p1', systemNumber: 1, type: 'lan' },
      { id: 'dup', systemNumber: 5, type: 'lan' },
    ]);
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({ systemNumber: 1, id: 'p1', type: 'lan', label: null, unused: false });
    expect(slots[1]).toEqual(unused(2));
    expect(slots[4]).toEqual({ systemNumber: 5, id: 'p5', type: 'wan', label: null, unused: false });
    expect(slots[15]).toEqual(unused(16));
  });

  it('merges labels by port id (portLabels: port id as text → label); blank labels are none', () => {
    const slots = padPorts(
      [
        { id: 101, systemNumber: 1, type: 'lan' },
        { id: 102, systemNumber: 2, type: 'lan' },
        { id: 103, systemNumber: 3, type: 'lan' },
        { id: 0, systemNumber: 4, type: 'wan' },
      ],
      { '101': 'POS terminal', '102': ' Spare ', '103': '   ', '0': 'Uplink', '999': 'no such port' },
    );
    expect(slots.map((s) => s.label)).toEqual([
      'POS terminal',
      'Spare',
      null,
      'Uplink',
      ...Array(12).fill(null),
    ]);
  });

  it('also takes labels as a list by port number, placeholders included (first wins)', () => {
    const slots = padPorts(
      [{ id: 'p1', systemNumber: 1, type: 'lan' }],
      [
        { systemNumber: 1, label: 'POS terminal' },
        { systemNumber: 1, label: 'ignored: second for port 1' },
        { systemNumber: 7, label: ' Spare ' },
        { systemNumber: 8, label: '   ' },
        { systemNumber: 30, label: 'no such port' },
      ],
    );
    expect(slots.map((s) => s.label)).toEqual([
      'POS terminal',
      null,
      null,
      null,
      null,
      null,
      'Spare',
      ...Array(9).fill(null),
    ]);
  });

  it.each([
    ['no labels', undefined],
    ['null labels', null],
    ['empty labels', {}],
  ])('%s → every label null', (_name, labels) => {
    expect(padPorts([{ id: 1, systemNumber: 1, type: 'lan' }], labels).every((s) => s.label === null)).toBe(
      true,
    );
  });

  it("a reported port without a type is shown as unused, but is still the device's port", () => {
    expect(padPorts([{ id: 9, systemNumber: 9 }])[8]).toEqual({
      systemNumber: 9,
      id: 9,
      type: 'unused',
      label: null,
      unused: false,
    });
  });

  it('port texts exist in both languages', () => {
    expect(fleetText(i18n.getFixedT('en'), 'ports.port', { number: 4 })).toBe('Port 4');
    expect(fleetText(i18n.getFixedT('es'), 'ports.port', { number: 4 })).toBe('Puerto 4');
    expect(fleetText(i18n.getFixedT('en'), 'ports.unused')).toBe('Unused');
    expect(fleetText(i18n.getFixedT('en'), 'ports.labelUpdated')).toBe('Label successfully updated!');
  });
});

describe('devicePortSlots', () => {
  it('draws only the ports the device has, with the labels (keyed by port id) on their numbers', () => {
    const slots = devicePortSlots({
      portMapping: [
        { id: 101, systemNumber: 1, type: 'WAN' },
        { id: 102, systemNumber: 2, type: 'LAN' },
      ],
      portLabels: { '102': 'Printer' },
    });
    expect(slots).toHaveLength(2);
    expect(slots[0]).toMatchObject({ systemNumber: 1, id: 101, type: 'WAN', label: null, unused: false });
    expect(slots[1]).toMatchObject({ systemNumber: 2, id: 102, label: 'Printer' });
  });

  it("an access point's one port is one tile: the API's padding to 16 (type unused) is not drawn", () => {
    const padded = [
      { id: 1, systemNumber: 1, type: 'LAN' },
      ...Array.from({ length: 15 }, (_, i) => ({ id: 0, systemNumber: i + 2, type: 'unused' })),
    ];
    expect(devicePortSlots({ portMapping: padded, portLabels: {} }).map((s) => s.systemNumber)).toEqual([1]);
    // The data keeps the spec's 16: padPorts still reads them as 16 slots, 15 of them placeholders.
    expect(padPorts(padded).filter((s) => s.unused)).toHaveLength(15);
  });
});

// Port actions: WAN ports cannot be disabled; padding is not a port; a port already off is not chosen again.
describe('isWanPort / isPortSelectable', () => {
  const slot = (over: Partial<PortSlot>): PortSlot => ({
    systemNumber: 3,
    id: 3,
    type: 'LAN',
    label: null,
    unused: false,
    ...over,
  });
  it.each([
    ['WAN', true],
    ['WAN2', true],
    ['wan', true],
    ['LAN', false],
    ['unused', false],
  ])('%s is a WAN port → %s', (type, wan) => {
    expect(isWanPort({ type })).toBe(wan);
  });
  it.each([
    ['a LAN port that is on', slot({}), [], true],
    ['a LAN port already off', slot({}), [3], false],
    ['another port off', slot({}), [4], true],
    ['a WAN port', slot({ type: 'WAN' }), [], false],
    ['a second WAN port', slot({ type: 'WAN2' }), [], false],
    ['padding', slot({ unused: true, id: null, type: 'unused' }), [], false],
  ])('%s → %s', (_name, s, off, expected) => {
    expect(isPortSelectable(s, off)).toBe(expected);
  });
});
