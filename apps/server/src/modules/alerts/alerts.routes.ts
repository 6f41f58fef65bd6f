import { ALERTS_API } from '@platform/contracts';
import { originOf, viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { AlertsService } from './alerts.service';

export function alertsRoutes(route: DeclareRoute, alerts: AlertsService): void {
  route(ALERTS_API.settings, ({ request, params }) => alerts.settings(viewerOf(request), params.id));

  route(ALERTS_API.saveSettings, ({ request, params, body }) =>
    alerts.saveSettings(viewerOf(request), params.id, body, originOf(request)),
  );

  route(ALERTS_API.list, ({ request }) => alerts.list(viewerOf(request)));

  route(ALERTS_API.unread, async ({ request }) => ({ unread: await alerts.unread(viewerOf(request)) }));

  route(ALERTS_API.markRead, async ({ request, body }) => {
    await alerts.markRead(viewerOf(request), body.ids);
    return { unread: await alerts.unread(viewerOf(request)) };
  });
}
