import { ACCOUNTS_API } from '@platform/contracts';
import { originOf, viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { AccountsService } from './accounts.service';

export function accountsRoutes(route: DeclareRoute, accounts: AccountsService): void {
  route(ACCOUNTS_API.list, ({ request }) => accounts.list(viewerOf(request), originOf(request)));

  route(ACCOUNTS_API.add, ({ request, body }) => accounts.create(viewerOf(request), body, originOf(request)));

  route(ACCOUNTS_API.edit, ({ request, params, body }) =>
    accounts.update(viewerOf(request), params.id, body, originOf(request)),
  );

  route(ACCOUNTS_API.remove, async ({ request, params }) => {
    await accounts.remove(viewerOf(request), params.id, originOf(request));
    return null;
  });
}
