/** The live event bus (docs/decisions/server-and-database.md, "Live events"): in-process, or Redis pub/sub when REDIS_URL is set. */
import type { Config } from '../plugins/config.ts';
import type { BusLog, EventBus } from './bus.ts';
import { createMemoryEventBus } from './memory-bus.ts';
import { createRedisEventBus } from './redis-bus.ts';

export * from './bus.ts';
export * from './job-events.ts';
export * from './memory-bus.ts';
export * from './redis-bus.ts';

/** The process's bus: Redis pub/sub across processes when `config.redisUrl` is set, else in-process. */
export function createEventBus(config: Pick<Config, 'redisUrl'>, log: BusLog): EventBus {
  if (config.redisUrl) {
    log.info('Live events go through Redis (REDIS_URL).');
    return createRedisEventBus(log, { url: config.redisUrl });
  }
  return createMemoryEventBus(log);
}
