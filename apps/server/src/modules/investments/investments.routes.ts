import { investmentFormSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { originOf, viewerOf, type Guards } from '../../plugins/authentication';
import type { InvestmentsService } from './investments.service';

const idParams = z.object({ id: z.uuid('Investimento non trovato.') });


export function investmentsRoutes(
  app: FastifyInstance,
  investments: InvestmentsService,
  guards: Guards,
): void {
  const signedIn = { preHandler: guards.authenticated };

  app.get('/api/common/investments', signedIn, async (request) =>
    ok(await investments.list(viewerOf(request))),
  );

  app.post('/api/common/investments/add', signedIn, async (request) =>
    ok(
      await investments.create(
        viewerOf(request),
        parse(investmentFormSchema, request.body),
        originOf(request),
      ),
    ),
  );

  app.patch('/api/common/investments/edit/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(
      await investments.update(
        viewerOf(request),
        id,
        parse(investmentFormSchema, request.body),
        originOf(request),
      ),
    );
  });

  // Its bot stopped or started again (issue 32): positions are left as they are.
  app.patch('/api/common/investments/start/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await investments.start(viewerOf(request), id, originOf(request)));
  });

  app.patch('/api/common/investments/stop/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await investments.stop(viewerOf(request), id, originOf(request)));
  });

  app.patch('/api/common/investments/delete/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await investments.requestDeletion(viewerOf(request), id, originOf(request)));
  });
}
