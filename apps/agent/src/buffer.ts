import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type DeviceMonitoring, DeviceMonitoringSchema } from '@vnoc/contracts';

/**
 * Reports taken while the device could not reach the broker (docs/device-protocol.md, "Buffering"): kept in
 * memory and appended to a file (one JSON report per line) so a restart loses none, bounded by age and by
 * size (the oldest go first), and sent again oldest first, each with its own `vnoc.sampledAt`.
 */
export type ReportBufferOptions = {
  /** The file (JSON lines); none: memory only. */
  file?: string;
  /** Reports older than this are dropped (bufferHours). */
  maxAgeMs: number;
  /** At most this many bytes of reports are kept. */
  maxBytes?: number;
  now: () => number;
  /** The file could not be written (the reports stay in memory). */
  onDiskError?: (err: Error) => void;
};

type Entry = { report: DeviceMonitoring; bytes: number };

const sampledAt = (r: DeviceMonitoring) => r.vnoc?.sampledAt ?? 0;

export class ReportBuffer {
  private entries: Entry[] = [];
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(private readonly options: ReportBufferOptions) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    if (options.file) this.load(options.file);
  }

  /** Reports a previous run left (a line that is not a report is dropped). */
  private load(file: string) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const parsed = DeviceMonitoringSchema.safeParse(JSON.parse(line));
        if (parsed.success) this.push(parsed.data, Buffer.byteLength(line));
      } catch {
        // a line cut short by a crash
      }
    }
    this.entries.sort((a, b) => sampledAt(a.report) - sampledAt(b.report));
    this.trim();
    this.rewrite();
  }

  private push(report: DeviceMonitoring, bytes: number) {
    this.entries.push({ report, bytes });
    this.bytes += bytes;
  }

  /** Drops what is too old, then the oldest until the size fits; true when anything went. */
  private trim(): boolean {
    const oldest = this.options.now() - this.options.maxAgeMs;
    let dropped = false;
    while (this.entries.length) {
      const first = this.entries[0] as Entry;
      if (sampledAt(first.report) >= oldest && this.bytes <= this.maxBytes) break;
      this.entries.shift();
      this.bytes -= first.bytes;
      dropped = true;
    }
    return dropped;
  }

  /** The file mirrors memory; when it cannot be written the reports are still kept in memory. */
  private disk(write: (file: string) => void) {
    const file = this.options.file;
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true });
      write(file);
    } catch (err) {
      this.options.onDiskError?.(err as Error);
    }
  }

  private rewrite() {
    this.disk((file) => {
      const tmp = `${file}.tmp`;
      writeFileSync(tmp, this.entries.map((e) => `${JSON.stringify(e.report)}\n`).join(''), { mode: 0o600 });
      renameSync(tmp, file);
    });
  }

  /** Keeps a report that could not be sent. */
  add(report: DeviceMonitoring): void {
    const line = JSON.stringify(report);
    this.push(report, Buffer.byteLength(line) + 1);
    if (this.trim()) this.rewrite();
    else this.disk((file) => appendFileSync(file, `${line}\n`, { mode: 0o600 }));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The kept reports, oldest first (after dropping the expired). */
  list(): DeviceMonitoring[] {
    if (this.trim()) this.rewrite();
    return this.entries.map((e) => e.report);
  }

  /**
   * Sends the kept reports oldest first, each removed once `send` resolved (the broker acknowledged it); stops
   * at the first failure and keeps the rest. Answers how many were sent.
   */
  async replay(send: (report: DeviceMonitoring) => Promise<void>): Promise<number> {
    this.list();
    let sent = 0;
    try {
      while (this.entries.length) {
        const first = this.entries[0] as Entry;
        await send(first.report);
        // The report may have been dropped meanwhile only by another replay; compare before removing.
        if (this.entries[0] === first) {
          this.entries.shift();
          this.bytes -= first.bytes;
        }
        sent++;
      }
    } catch {
      // not acknowledged: it and the rest stay for the next replay
    } finally {
      if (sent > 0) this.rewrite();
    }
    return sent;
  }
}
