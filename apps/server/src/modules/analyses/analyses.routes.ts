import { createAnalysisSchema } from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { caller, originOf, type Guards } from '../../plugins/authentication';
import type { JobViewer } from '../backtests/backtests.service';
import type { AnalysesService } from './analyses.service';

const idParams = z.object({ id: z.uuid('Analisi non trovata.') });

function viewerOf(request: FastifyRequest): JobViewer {
  const { user } = caller(request);
  return { id: user.id, role: user.role };
}

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
