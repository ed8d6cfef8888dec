import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { PortsResult } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRunner } from '../src/commands.ts';
import { resolveConfig } from '../src/config.ts';
import { runCommand } from '../src/exec.ts';

/**
 * Port actions take real interfaces down and up: here only interfaces inside a network namespace this test
 * creates (the agent's `ip` runs as `ip netns exec NS ip …`), never the host's own. Needs root. The interfaces
 * are veth pairs with both ends in the namespace: a kernel without the dummy module (this build machine's)
 * has veth.
 */
const isRoot = process.getuid?.() === 0;
const NS = `vnoc-agent-test-${process.pid}`;

const linkUp = (name: string) => {
  const out = execFileSync('ip', ['-n', NS, '-o', 'link', 'show', 'dev', name], { encoding: 'utf8' });
  return /<[^>]*\bUP\b[^>]*>/.test(out);
};

function runner(onAutoRevert?: (ports: PortsResult) => void) {
  const config = resolveConfig({
    url: 'mqtt://127.0.0.1:1883',
    deviceId: randomUUID(),
    secret: 's',
    ports: { '1': 'lan1', '2': 'lan2' },
    ipCommand: ['ip', 'netns', 'exec', NS, 'ip'],
  });
  return new CommandRunner({
    config,
    access: { root: '/', run: runCommand, now: Date.now },
    ip: (args, signal) => runCommand([...config.ipCommand, ...args], { timeoutMs: 10_000, signal }),
    onAutoRevert,
    log: () => undefined,
  });
}

async function send(r: CommandRunner, action: string, params: Record<string, unknown> = {}) {
  return r.handle(
    JSON.stringify({ id: randomUUID(), action, params, timeoutMs: 30_000, sentAt: Date.now() }),
  );
}

describe.skipIf(!isRoot)('port actions in a network namespace', () => {
  beforeAll(() => {
    execFileSync('ip', ['netns', 'add', NS]);
    for (const name of ['lan1', 'lan2', 'lan3']) {
      execFileSync('ip', ['-n', NS, 'link', 'add', name, 'type', 'veth', 'peer', 'name', `${name}p`]);
      execFileSync('ip', ['-n', NS, 'link', 'set', name, 'up']);
    }
  });
  afterAll(() => {
    execFileSync('ip', ['netns', 'del', NS]);
  });

  it('takes the chosen ports down, reverts them, and touches no other interface', async () => {
    const r = runner();
    const disabled = await send(r, 'disableLanPorts', { ports: [2], revertAfterMinutes: 5 });
    expect(disabled).toMatchObject({
      ok: true,
      result: {
        ports: [
          { systemNumber: 1, enabled: true },
          { systemNumber: 2, enabled: false },
        ],
        revertAt: expect.any(String),
      },
    });
    const revertAt = Date.parse((disabled as { result: PortsResult }).result.revertAt as string);
    expect(revertAt - Date.now()).toBeGreaterThan(4 * 60_000);
    expect([linkUp('lan1'), linkUp('lan2'), linkUp('lan3')]).toEqual([true, false, true]);

    const reverted = await send(r, 'revertLanPorts');
    expect(reverted).toEqual({
      id: expect.any(String),
      ok: true,
      result: {
        ports: [
          { systemNumber: 1, enabled: true },
          { systemNumber: 2, enabled: true },
        ],
      },
    });
    expect([linkUp('lan1'), linkUp('lan2'), linkUp('lan3')]).toEqual([true, true, true]);
    r.close();
  });

  it('refuses a port it is not given, before touching any', async () => {
    const r = runner();
    expect(await send(r, 'disableLanPorts', { ports: [1, 3] })).toMatchObject({
      ok: false,
      error: 'Port 3 is not configured for port actions on this device.',
    });
    expect([linkUp('lan1'), linkUp('lan2'), linkUp('lan3')]).toEqual([true, true, true]);
    r.close();
  });

  it('brings the ports back by itself when nobody confirms', async () => {
    let resolveRevert: (p: PortsResult) => void = () => undefined;
    const autoReverted = new Promise<PortsResult>((resolve) => {
      resolveRevert = resolve;
    });
    const r = runner((p) => resolveRevert(p));
    // 0.02 min = 1.2 s: the automatic revert is awaited as the event it is.
    await send(r, 'disableLanPorts', { ports: [1, 2], revertAfterMinutes: 0.02 });
    expect([linkUp('lan1'), linkUp('lan2')]).toEqual([false, false]);
    expect((await autoReverted).ports.every((p) => p.enabled)).toBe(true);
    expect([linkUp('lan1'), linkUp('lan2'), linkUp('lan3')]).toEqual([true, true, true]);
    r.close();
  });

  it('keeps confirmed ports down (no automatic revert)', async () => {
    const r = runner();
    await send(r, 'disableLanPorts', { ports: [1], revertAfterMinutes: 10 });
    expect(r.ports.timer).not.toBeNull();
    const confirmed = await send(r, 'confirmLanPorts');
    expect(confirmed).toMatchObject({
      ok: true,
      result: {
        ports: [
          { systemNumber: 1, enabled: false },
          { systemNumber: 2, enabled: true },
        ],
      },
    });
    expect((confirmed as { result: PortsResult }).result.revertAt).toBeUndefined();
    expect(r.ports.timer).toBeNull();
    expect(linkUp('lan1')).toBe(false);
    await send(r, 'revertLanPorts');
    expect(linkUp('lan1')).toBe(true);
    r.close();
  });
});

describe.skipIf(isRoot)('port actions (not root)', () => {
  it.skip('need root to create a network namespace with dummy interfaces', () => undefined);
});
