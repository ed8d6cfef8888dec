import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { type Config, isLoopback } from './config.ts';

/** Headers a reverse proxy adds: their presence means the caller is not on this machine, whatever the socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'] as const;

export const DEV_SURFACE_MESSAGE = 'Development tools answer only direct requests from this machine.';

/**
 * Whether a request may reach a development surface (the dev outbox, the development identity provider,
 * the dev simulator): the server listens on loopback only, the connection comes from loopback, and no proxy
 * forwarded it (a reverse proxy on the same host connects from loopback too).
 */
export function isDirectLocalRequest(config: Pick<Config, 'host'>, request: FastifyRequest): boolean {
  if (!isLoopback(config.host)) return false;
  const peer = request.raw.socket?.remoteAddress;
  if (!peer || !isLoopback(peer)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** An onRequest hook refusing (403) any request to a development surface that is not a direct local one. */
export function devSurfaceGuard(config: Pick<Config, 'host'>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isDirectLocalRequest(config, request)) throw new AppError(403, 'forbidden', DEV_SURFACE_MESSAGE);
  };
}
