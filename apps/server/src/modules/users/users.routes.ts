import { reviewUserSchema, userFormSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { caller, originOf, type Guards } from '../../plugins/authentication';
import type { UsersService } from './users.service';

const idParams = z.object({ id: z.uuid('Utente non trovato.') });

export function usersRoutes(app: FastifyInstance, users: UsersService, guards: Guards): void {
  const admin = { preHandler: guards.roles('admin') };

  app.get('/api/admin/users', admin, async () => ok(await users.list()));

  app.post('/api/admin/users/add', admin, async (request) =>
    ok(await users.create({ id: caller(request).user.id }, parse(userFormSchema, request.body), originOf(request))),
  );

  app.patch('/api/admin/users/:id', admin, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await users.update({ id: caller(request).user.id }, id, parse(userFormSchema, request.body), originOf(request)));
  });

  app.patch('/api/admin/users/review/:id', admin, async (request) => {
    const { id } = parse(idParams, request.params);
    const { status } = parse(reviewUserSchema, request.body);
    return ok(await users.review({ id: caller(request).user.id }, id, status, originOf(request)));
  });

  app.delete('/api/admin/users/:id', admin, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await users.requestDeletion({ id: caller(request).user.id }, id, originOf(request)));
  });
}
