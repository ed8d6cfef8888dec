import { DIAGNOSTIC_ACTIONS } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { BATCH_ACTIONS, diagnosticsAccess, isDisruptive, runnableActions } from './access.ts';

describe('diagnosticsAccess', () => {
  it.each([
    ['no claims', null, { visible: false, canRun: false, canControlPorts: false }],
    [
      'USER without diagnostics',
      { role: 'USER', entitlements: ['port-control'] },
      { visible: false, canRun: false, canControlPorts: false },
    ],
    [
      'READ_ONLY with everything',
      { role: 'READ_ONLY', entitlements: ['diagnostics', 'port-control'] },
      { visible: true, canRun: false, canControlPorts: false },
    ],
    [
      'USER with diagnostics',
      { role: 'USER', entitlements: ['diagnostics'] },
      { visible: true, canRun: true, canControlPorts: false },
    ],
    [
      'ADMINISTRATOR with both',
      { role: 'ADMINISTRATOR', entitlements: ['diagnostics', 'port-control'] },
      { visible: true, canRun: true, canControlPorts: true },
    ],
    [
      'SUPPORT with both',
      { role: 'SUPPORT', entitlements: ['diagnostics', 'port-control'] },
      { visible: true, canRun: false, canControlPorts: false },
    ],
  ] as const)('%s', (_name, claims, expected) => {
    expect(diagnosticsAccess(claims as never)).toEqual(expected);
  });
});

describe('runnableActions', () => {
  it('none for read-only access', () => {
    expect(runnableActions({ visible: true, canRun: false, canControlPorts: false })).toEqual([]);
  });
  it('every action but the port actions without port-control', () => {
    expect(runnableActions({ visible: true, canRun: true, canControlPorts: false })).toEqual([
      'reboot',
      'wantest',
      'lanpingtest',
      'systemTest',
      'speedtest',
      'traceroute',
    ]);
  });
  it('every action with port-control', () => {
    expect(runnableActions({ visible: true, canRun: true, canControlPorts: true })).toEqual([
      ...DIAGNOSTIC_ACTIONS,
    ]);
  });
});

describe('batch actions and confirmation', () => {
  it('batches offer only the no-input diagnostics and reboot', () => {
    expect([...BATCH_ACTIONS]).toEqual(['wantest', 'lanpingtest', 'systemTest', 'reboot']);
  });
  it.each(DIAGNOSTIC_ACTIONS.map((a) => [a, a === 'reboot' || a === 'disableLanPorts']))(
    '%s asks first → %s',
    (action, disruptive) => {
      expect(isDisruptive(action)).toBe(disruptive);
    },
  );
});
