import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceMonitoring } from '@vnoc/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReportBuffer } from '../src/buffer.ts';

const HOUR = 3_600_000;
const T0 = 1_795_950_000_000;
const report = (sampledAt: number, pad = ''): DeviceMonitoring => ({
  type: 'DeviceMonitoring',
  general: { hostname: `h${pad}` },
  vnoc: { protocol: 1, sampledAt },
});

let dir: string;
let now: number;
const clock = () => now;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vnoc-agent-buffer-'));
  now = T0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ReportBuffer', () => {
  it('replays oldest first with the original times, then is empty on disk too', async () => {
    const file = join(dir, 'state', 'reports.jsonl');
    const buffer = new ReportBuffer({ file, maxAgeMs: 24 * HOUR, now: clock });
    for (let i = 0; i < 5; i++) {
      buffer.add(report(T0 + i * 60_000));
      now += 60_000;
    }
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(5);
    const sent: number[] = [];
    expect(await buffer.replay(async (r) => void sent.push(r.vnoc?.sampledAt as number))).toBe(5);
    expect(sent).toEqual([0, 1, 2, 3, 4].map((i) => T0 + i * 60_000));
    expect(buffer.size).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('keeps what was not acknowledged when sending fails, in order', async () => {
    const file = join(dir, 'reports.jsonl');
    const buffer = new ReportBuffer({ file, maxAgeMs: 24 * HOUR, now: clock });
    for (let i = 0; i < 4; i++) buffer.add(report(T0 + i));
    let calls = 0;
    const sent = await buffer.replay(async () => {
      if (++calls === 3) throw new Error('link down');
    });
    expect(sent).toBe(2);
    expect(buffer.list().map((r) => r.vnoc?.sampledAt)).toEqual([T0 + 2, T0 + 3]);
    // A restart finds the same two on disk.
    const again = new ReportBuffer({ file, maxAgeMs: 24 * HOUR, now: clock });
    expect(again.list().map((r) => r.vnoc?.sampledAt)).toEqual([T0 + 2, T0 + 3]);
  });

  it('drops reports older than its age bound', () => {
    const buffer = new ReportBuffer({ file: join(dir, 'r.jsonl'), maxAgeMs: 2 * HOUR, now: clock });
    buffer.add(report(T0));
    buffer.add(report(T0 + HOUR));
    now = T0 + 2 * HOUR + 1;
    buffer.add(report(now));
    expect(buffer.list().map((r) => r.vnoc?.sampledAt)).toEqual([T0 + HOUR, T0 + 2 * HOUR + 1]);
    now += HOUR;
    expect(buffer.list().map((r) => r.vnoc?.sampledAt)).toEqual([T0 + 2 * HOUR + 1]);
  });

  it('drops the oldest when over its size bound', () => {
    const file = join(dir, 'r.jsonl');
    const line = JSON.stringify(report(T0, 'x'.repeat(100))).length + 1;
    const buffer = new ReportBuffer({ file, maxAgeMs: 24 * HOUR, maxBytes: line * 3, now: clock });
    for (let i = 0; i < 5; i++) buffer.add(report(T0 + i, 'x'.repeat(100)));
    expect(buffer.list().map((r) => r.vnoc?.sampledAt)).toEqual([T0 + 2, T0 + 3, T0 + 4]);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('skips a line a crash cut short, and sorts what it finds', () => {
    const file = join(dir, 'r.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify(report(T0 + 5))}\n${JSON.stringify(report(T0 + 1))}\n{"type":"Devi`,
    );
    const buffer = new ReportBuffer({ file, maxAgeMs: 24 * HOUR, now: clock });
    expect(buffer.list().map((r) => r.vnoc?.sampledAt)).toEqual([T0 + 1, T0 + 5]);
  });
});

describe('ReportBuffer without a writable file', () => {
  it('keeps the reports in memory and says why', async () => {
    const errors: string[] = [];
    // A path under a regular file cannot be created.
    writeFileSync(join(dir, 'plain'), 'x');
    const buffer = new ReportBuffer({
      file: join(dir, 'plain', 'reports.jsonl'),
      maxAgeMs: HOUR,
      now: clock,
      onDiskError: (err) => errors.push((err as NodeJS.ErrnoException).code ?? ''),
    });
    buffer.add(report(T0));
    buffer.add(report(T0 + 1));
    expect(errors).toEqual(['EEXIST', 'EEXIST']);
    const sent: number[] = [];
    await buffer.replay(async (r) => void sent.push(r.vnoc?.sampledAt as number));
    expect(sent).toEqual([T0, T0 + 1]);
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s to 60 s with ±20 % jitter', async () => {
    const { backoffMs } = await import('../src/agent.ts');
    expect([0, 1, 2, 5, 6, 30].map((a) => backoffMs(a, () => 0.5))).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(800);
    expect(backoffMs(6, () => 1)).toBe(72_000);
  });
});
