import type { LiveEvent } from '@vnoc/contracts';
import { type BusLog, createIdGenerator, type EventBus, localSide, type ReplayOptions } from './bus.ts';

/** The in-process bus: one process (the embedded default, tests, benchmarks). Listeners run synchronously. */
export function createMemoryEventBus(log: BusLog, options: ReplayOptions & { tag?: string } = {}): EventBus {
  const ids = createIdGenerator(options.tag);
  const local = localSide(log, options);
  let closed = false;
  return local.bus({
    publish(organizationId: string, event: LiveEvent) {
      if (closed) return;
      local.receive({ id: ids.next(), organizationId, event });
    },
    ready: () => Promise.resolve(),
    async close() {
      closed = true;
      local.clear();
    },
  });
}
