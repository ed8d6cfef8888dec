import type { LiveEvent } from '@vnoc/contracts';
import {
  type BusLog,
  createIdGenerator,
  deliver,
  type EventBus,
  type LiveListener,
  ReplayBuffer,
  type ReplayOptions,
} from './bus.ts';

/** The in-process bus: one process (the embedded default, tests, benchmarks). Listeners run synchronously. */
export function createMemoryEventBus(log: BusLog, options: ReplayOptions & { tag?: string } = {}): EventBus {
  const ids = createIdGenerator(options.tag);
  const buffer = new ReplayBuffer(options);
  const listeners = new Set<LiveListener>();
  let closed = false;
  return {
    publish(organizationId: string, event: LiveEvent) {
      if (closed) return;
      const envelope = { id: ids.next(), organizationId, event };
      buffer.push(envelope);
      deliver(listeners, envelope, log);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    since: (lastId) => buffer.since(lastId),
    get lastId() {
      return buffer.lastId;
    },
    ready: () => Promise.resolve(),
    async close() {
      closed = true;
      listeners.clear();
    },
  };
}
