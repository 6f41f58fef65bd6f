// GET /metrics in Prometheus's text format, for a scraper (metrics-access.ts says who may read
// it), and the hook that times every request by its route pattern (`/api/common/edit/algorithms/:id`,
// never the URL with its id or query).
import type { FastifyInstance } from 'fastify';
import { checkMetricsAccess } from './metrics-access';
import type { MetricsService } from './metrics.service';

export function metricsRoutes(
  app: FastifyInstance,
  metrics: MetricsService,
  token: string | undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    checkMetricsAccess(request, token);
    const { contentType, body } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
