import { TRANSACTIONS_API } from '@platform/contracts';
import { caller } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { TransactionsService } from './transactions.service';

export function transactionsRoutes(route: DeclareRoute, transactions: TransactionsService): void {
  route(TRANSACTIONS_API.list, ({ request }) => {
    const { user } = caller(request);
    return transactions.list({ id: user.id, role: user.role });
  });
}
