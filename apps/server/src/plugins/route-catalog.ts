// Keeps the list of API routes as they are registered, so tests can walk every route
// (malformed input, authorization) without a hand-kept list that a new route could miss.
import { API_PREFIX } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';

export interface CatalogRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: CatalogRoute[];
  }
}

export function registerRouteCatalog(app: FastifyInstance): void {
  app.decorate('apiRoutes', [] as CatalogRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url });
    }
  });
}
