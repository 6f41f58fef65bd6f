import { LOGS_API } from '@platform/contracts';
import { viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { LogsService } from './logs.service';

export function logsRoutes(route: DeclareRoute, logs: LogsService): void {
  route(LOGS_API.list, ({ request, query }) => logs.list(viewerOf(request), query));

  route(LOGS_API.count, ({ request }) => logs.count(viewerOf(request)));
}
