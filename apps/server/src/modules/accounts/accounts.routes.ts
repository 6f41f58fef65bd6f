import { accountFormSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { originOf, viewerOf, type Guards } from '../../plugins/authentication';
import type { AccountsService } from './accounts.service';

const idParams = z.object({ id: z.uuid('Account non trovato.') });


export function accountsRoutes(app: FastifyInstance, accounts: AccountsService, guards: Guards): void {
  const signedIn = { preHandler: guards.authenticated };

  app.get('/api/common/accounts', signedIn, async (request) => ok(await accounts.list(viewerOf(request), originOf(request))));

  app.post('/api/common/accounts/add', signedIn, async (request) =>
    ok(await accounts.create(viewerOf(request), parse(accountFormSchema, request.body), originOf(request))),
  );

  app.patch('/api/common/accounts/edit/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await accounts.update(viewerOf(request), id, parse(accountFormSchema, request.body), originOf(request)));
  });

  app.delete('/api/common/accounts/delete/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    await accounts.remove(viewerOf(request), id, originOf(request));
    return ok(null);
  });
}
