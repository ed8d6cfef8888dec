import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The single file a device without this repository runs (npm run build -w @vnoc/agent). */
const dir = mkdtempSync(join(tmpdir(), 'vnoc-agent-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bundled agent', () => {
  it('builds into one file that runs with no node_modules beside it', { timeout: 60_000 }, () => {
    const outfile = join(dir, 'vnoc-agent.mjs');
    const built = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'build.mjs')], {
      env: { ...process.env, VNOC_AGENT_OUTFILE: outfile },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    // Every module loads (zod, the contracts, mqtt): the configuration is checked and refused with its reason.
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ url: 'http://x', deviceId: 'x' }));
    const run = spawnSync(process.execPath, [outfile, '--config', join(dir, 'bad.json')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('url: url must be mqtt://host:port or mqtts://host:port');
    expect(run.stderr).toContain('deviceId: deviceId must be the device id (a UUID) vNOC showed.');
  });
});
