import { TRANSACTIONS_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { caller, type Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { TransactionsService } from './transactions.service';

export function transactionsRoutes(app: FastifyInstance, transactions: TransactionsService, guards: Guards): void {
  const route = routesFor(app, guards);

  route(TRANSACTIONS_API.list, ({ request }) => {
    const { user } = caller(request);
    return transactions.list({ id: user.id, role: user.role });
  });
}
