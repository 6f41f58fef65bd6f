// Serves the built single-page app; any other GET that is not an API call gets index.html so
// client routes (/dashboard, /reset-password?token=...) survive a reload. API misses stay 404 envelopes.
import fastifyStatic from '@fastify/static';
import { HTTP_MESSAGES } from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const isPageRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';

export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      cacheControl: false,
      // The build makes no source maps; one left in dist/ by hand would publish the source.
      allowedPath: (path) => !path.endsWith('.map'),
      // Hashed assets never change; index.html must always be revalidated to pick up a new build.
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && isPageRequest(request)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ ok: false, error: HTTP_MESSAGES.notFound });
  });
}
