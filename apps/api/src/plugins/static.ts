import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors.ts';

function wantsHtml(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built SPA (when WEB_DIST exists) and answers unknown paths: the SPA's index.html for
 * browser navigations outside /api (client-side routes), a JSON 404 for everything else.
 */
export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build writes .br and .gz beside every text asset (apps/web/vite.config.ts); the best one the
      // browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (hasSpa && !isApi && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ id: 'not_found', message: MESSAGES.notFound });
  });
}
