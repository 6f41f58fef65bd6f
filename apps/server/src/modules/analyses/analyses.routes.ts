import { createAnalysisSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { originOf, viewerOf, type Guards } from '../../plugins/authentication';
import type { AnalysesService } from './analyses.service';

const idParams = z.object({ id: z.uuid('Analisi non trovata.') });


export function analysesRoutes(app: FastifyInstance, analyses: AnalysesService, guards: Guards): void {
  const signedIn = { preHandler: guards.authenticated };

  app.get('/api/common/analysis', signedIn, async (request) => ok(await analyses.list(viewerOf(request))));

  app.post('/api/common/analysis', signedIn, async (request) =>
    ok(await analyses.create(viewerOf(request), parse(createAnalysisSchema, request.body), originOf(request))),
  );

  app.delete('/api/common/analysis/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    await analyses.remove(viewerOf(request), id, originOf(request));
    return ok(null);
  });
}
