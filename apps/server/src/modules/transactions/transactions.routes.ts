import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http';
import { caller, type Guards } from '../../plugins/authentication';
import type { TransactionsService } from './transactions.service';

export function transactionsRoutes(app: FastifyInstance, transactions: TransactionsService, guards: Guards): void {
  app.get('/api/common/transactions', { preHandler: guards.authenticated }, async (request) => {
    const { user } = caller(request);
    return ok(await transactions.list({ id: user.id, role: user.role }));
  });
}
