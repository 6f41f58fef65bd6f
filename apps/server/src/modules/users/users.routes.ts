import { USERS_API } from '@platform/contracts';
import { caller, originOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { UsersService } from './users.service';

export function usersRoutes(route: DeclareRoute, users: UsersService): void {
  route(USERS_API.list, () => users.list());

  route(USERS_API.add, ({ request, body }) =>
    users.create({ id: caller(request).user.id }, body, originOf(request)),
  );

  route(USERS_API.update, ({ request, params, body }) =>
    users.update({ id: caller(request).user.id }, params.id, body, originOf(request)),
  );

  route(USERS_API.review, ({ request, params, body }) =>
    users.review({ id: caller(request).user.id }, params.id, body.status, originOf(request)),
  );

  route(USERS_API.requestDeletion, ({ request, params }) =>
    users.requestDeletion({ id: caller(request).user.id }, params.id, originOf(request)),
  );
}
