import { ALERT_ROUTES, alertSettingsFormSchema, alertsReadSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { originOf, viewerOf, type Guards } from '../../plugins/authentication';
import type { AlertsService } from './alerts.service';

const investmentParams = z.object({ id: z.uuid('Investimento non trovato.') });


export function alertsRoutes(app: FastifyInstance, alerts: AlertsService, guards: Guards): void {
  const signedIn = { preHandler: guards.authenticated };

  app.get(ALERT_ROUTES.settings, signedIn, async (request) => {
    const { id } = parse(investmentParams, request.params);
    return ok(await alerts.settings(viewerOf(request), id));
  });

  app.patch(ALERT_ROUTES.settings, signedIn, async (request) => {
    const { id } = parse(investmentParams, request.params);
    const input = parse(alertSettingsFormSchema, request.body);
    return ok(await alerts.saveSettings(viewerOf(request), id, input, originOf(request)));
  });

  app.get(ALERT_ROUTES.list, signedIn, async (request) => ok(await alerts.list(viewerOf(request))));

  app.get(ALERT_ROUTES.unread, signedIn, async (request) =>
    ok({ unread: await alerts.unread(viewerOf(request)) }),
  );

  app.patch(ALERT_ROUTES.read, signedIn, async (request) => {
    const { ids } = parse(alertsReadSchema, request.body);
    await alerts.markRead(viewerOf(request), ids);
    return ok({ unread: await alerts.unread(viewerOf(request)) });
  });
}
