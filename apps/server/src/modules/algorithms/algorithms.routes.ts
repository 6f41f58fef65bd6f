import { algorithmFormSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { caller, originOf, type Guards } from '../../plugins/authentication';
import type { AlgorithmsService } from './algorithms.service';

const idParams = z.object({ id: z.uuid('Algoritmo non trovato.') });

/** Listed for everyone (the investment and backtest forms need them); changed by admins only. */
export function algorithmsRoutes(app: FastifyInstance, algorithms: AlgorithmsService, guards: Guards): void {
  app.get('/api/common/algorithms', { preHandler: guards.authenticated }, async () => ok(await algorithms.list()));

  app.post('/api/common/algorithms/add', { preHandler: guards.roles('admin') }, async (request) =>
    ok(await algorithms.create(caller(request).user.id, parse(algorithmFormSchema, request.body), originOf(request))),
  );

  app.patch('/api/common/edit/algorithms/:id', { preHandler: guards.roles('admin') }, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await algorithms.update(caller(request).user.id, id, parse(algorithmFormSchema, request.body), originOf(request)));
  });
}
