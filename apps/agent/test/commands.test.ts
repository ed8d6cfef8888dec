import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SystemTestResultSchema } from '@vnoc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { CommandRunner } from '../src/commands.ts';
import { resolveConfig } from '../src/config.ts';
import { runCommand } from '../src/exec.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'host');

function runner(
  root: string,
  extra: Record<string, unknown> = {},
  hooks: Pick<ConstructorParameters<typeof CommandRunner>[0], 'beforeReboot'> = {},
) {
  const config = resolveConfig({
    url: 'mqtt://127.0.0.1',
    deviceId: randomUUID(),
    secret: 's',
    root,
    ...extra,
  });
  return new CommandRunner({
    config,
    access: { root, run: runCommand, now: Date.now },
    ip: (args) => runCommand([...config.ipCommand, ...args]),
    cpuSampleMs: 50,
    log: () => undefined,
    ...hooks,
  });
}

const message = (action: string, params: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
  JSON.stringify({ id: randomUUID(), action, params, timeoutMs: 10_000, sentAt: Date.now(), ...more });

describe('CommandRunner', () => {
  it('answers systemTest from the fixture tree (conntrack sessions, thermal zone)', async () => {
    const answer = await runner(FIXTURE).handle(message('systemTest'));
    expect(answer?.ok).toBe(true);
    const result = SystemTestResultSchema.parse((answer as { result: unknown }).result);
    expect(result.sessions).toBe(37);
    expect(result.temperatureC).toBe(48.3);
    expect(result.memoryPercent).toBeGreaterThan(0);
    expect(result.uptimeSeconds).toBeGreaterThan(0);
  });

  it('answers systemTest on this host (sockets from /proc/net/tcp when conntrack is absent)', async () => {
    const answer = await runner('/').handle(message('systemTest'));
    const result = SystemTestResultSchema.parse((answer as { result: unknown }).result);
    expect(result.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(result.sessions).toBeGreaterThanOrEqual(0);
  });

  it('answers a command once, even when the broker delivers it twice', async () => {
    const r = runner(FIXTURE);
    const m = message('confirmLanPorts');
    expect(await r.handle(m)).toMatchObject({ ok: true });
    expect(await r.handle(m)).toBeNull();
  });

  it('does not run a command that arrives after its timeout', async () => {
    const answer = await runner(FIXTURE).handle(
      message('disableLanPorts', { ports: [1] }, { sentAt: Date.now() - 60_000, timeoutMs: 1000 }),
    );
    expect(answer).toMatchObject({
      ok: false,
      error: 'The command reached the device after its timeout; it was not run.',
    });
  });

  it('gives up at the command timeout with a clear failure', async () => {
    // The WAN test pings the fixture's gateway (192.0.2.1, documentation space) 10 times: longer than 300 ms.
    const answer = await runner(FIXTURE, { wanTarget: '192.0.2.123' }).handle(
      message('wantest', {}, { timeoutMs: 300 }),
    );
    expect(answer).toMatchObject({ ok: false, error: 'The command did not finish within 1 s.' });
  });

  it('ignores what carries no command id, and answers bad parameters with the reason', async () => {
    const r = runner(FIXTURE);
    expect(await r.handle('not json')).toBeNull();
    expect(await r.handle(JSON.stringify({ action: 'reboot' }))).toBeNull();
    expect(await r.handle(message('traceroute', { vlan: 1 }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The command's parameters are not valid: ip: /),
    });
  });

  it('finds the LAN hosts in the neighbour table when none are configured (never the WAN side)', async () => {
    const answer = await runner(FIXTURE).handle(message('lanpingtest', {}, { timeoutMs: 15_000 }));
    // The fixture's only LAN neighbour is 192.168.1.20 on wlan0; eth0's gateway is the WAN side.
    expect(answer).toMatchObject({
      ok: true,
      result: { hosts: [{ host: '192.168.1.20', ip: '192.168.1.20', vlan: 1, sent: 3 }] },
    });
  });

  it('announces `rebooting` before it runs the reboot command, and answers first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vnoc-agent-reboot-'));
    const ran = join(dir, 'rebooted');
    const order: string[] = [];
    const r = runner(
      FIXTURE,
      { allowReboot: true, rebootCommand: ['/bin/sh', '-c', `echo yes > ${ran}`] },
      {
        beforeReboot: async () => {
          order.push(existsSync(ran) ? 'announced after the reboot' : 'announced');
        },
      },
    );
    const answer = await r.handle(message('reboot'));
    expect(answer).toMatchObject({ ok: true, result: { rebootedAt: expect.any(String) } });
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(existsSync(ran)).toBe(true), { timeout: 10_000, interval: 50 });
    expect(order).toEqual(['announced']);
  });
});
