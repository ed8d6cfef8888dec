import { type LiveEvent, LiveEventSchema } from '@vnoc/contracts';
import { Redis } from 'ioredis';
import { type BusLog, createIdGenerator, type EventBus, localSide, type ReplayOptions } from './bus.ts';

export const DEFAULT_CHANNEL = 'vnoc:events';
/** How long `close` waits for queued publishes to reach Redis before dropping the connections. */
const QUIT_TIMEOUT_MS = 1_000;

export type RedisBusOptions = ReplayOptions & {
  url: string;
  /** The pub/sub channel every process of one deployment shares; default `vnoc:events`. */
  channel?: string;
  tag?: string;
};

type Wire = { i: string; o: string; e: unknown };

/**
 * The bus across processes: every event is published to one Redis channel and every process (the
 * publisher too) receives it from there, so all processes see the same events in the same order and
 * keep the same replay buffer. A process whose subscription dropped tells its streams to resync (Redis
 * pub/sub does not keep what was published meanwhile).
 */
export function createRedisEventBus(log: BusLog, options: RedisBusOptions): EventBus {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  const ids = createIdGenerator(options.tag);
  const local = localSide(log, options);
  const connection = { lazyConnect: false, connectionName: `vnoc-events-${ids.tag}` };
  const pub = new Redis(options.url, connection);
  const sub = new Redis(options.url, connection);
  let closed = false;
  let failing = false;
  let subscribedOnce = false;

  // Redis down: log once until it is back (ioredis keeps reconnecting, and queues publishes meanwhile).
  const onError = (err: unknown) => {
    if (failing || closed) return;
    failing = true;
    log.warn({ err }, 'the Redis event bus cannot reach Redis; live events wait until it is back');
  };
  pub.on('error', onError);
  sub.on('error', onError);

  const subscribed = sub.subscribe(channel).then(() => {
    subscribedOnce = true;
  });
  subscribed.catch(() => undefined);
  sub.on('ready', () => {
    if (!subscribedOnce || closed) return;
    if (failing) log.info('The Redis event bus reached Redis again.');
    failing = false;
    // Events published while this subscription was down are lost: every stream refetches.
    local.receive({ id: ids.next(), organizationId: null, event: { type: 'resync' } });
  });
  sub.on('message', (from: string, text: string) => {
    if (from !== channel || closed) return;
    let wire: Wire;
    try {
      wire = JSON.parse(text) as Wire;
    } catch {
      return;
    }
    const event = LiveEventSchema.safeParse(wire?.e);
    if (typeof wire.i !== 'string' || typeof wire.o !== 'string' || !event.success) {
      log.warn({ channel }, 'ignored a malformed live event from Redis');
      return;
    }
    local.receive({ id: wire.i, organizationId: wire.o, event: event.data });
  });

  const quit = async (client: Redis) => {
    const timer = setTimeout(() => client.disconnect(), QUIT_TIMEOUT_MS);
    try {
      await client.quit();
    } catch {
      client.disconnect();
    } finally {
      clearTimeout(timer);
    }
  };

  return local.bus({
    publish(organizationId: string, event: LiveEvent) {
      if (closed) return;
      const wire: Wire = { i: ids.next(), o: organizationId, e: event };
      pub.publish(channel, JSON.stringify(wire)).catch(onError);
    },
    ready: () => subscribed,
    async close() {
      if (closed) return;
      closed = true;
      local.clear();
      await Promise.all([quit(pub), quit(sub)]);
    },
  });
}
