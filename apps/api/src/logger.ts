import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type pinoType from 'pino';
import { loggerOptions } from './app.ts';
import type { Config } from './plugins/config.ts';

// pino is Fastify's own logger: load the copy Fastify depends on rather than declaring a second one.
const require = createRequire(import.meta.url);
const pino = createRequire(require.resolve('fastify'))('pino') as typeof pinoType;

/** The process logger (same options as Fastify's), usable before the app exists. */
export function createLogger(config: Config): FastifyBaseLogger {
  return pino(loggerOptions(config) as pinoType.LoggerOptions) as unknown as FastifyBaseLogger;
}
