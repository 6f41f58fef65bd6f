import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http';
import type { Guards } from '../../plugins/authentication';
import type { InstrumentsService } from './instruments.service';

export function instrumentsRoutes(app: FastifyInstance, instruments: InstrumentsService, guards: Guards): void {
  app.get('/api/common/instruments', { preHandler: guards.authenticated }, async () => ok(await instruments.list()));
}
