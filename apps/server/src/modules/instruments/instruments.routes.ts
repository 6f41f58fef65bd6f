import { INSTRUMENTS_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { InstrumentsService } from './instruments.service';

export function instrumentsRoutes(app: FastifyInstance, instruments: InstrumentsService, guards: Guards): void {
  routesFor(app, guards)(INSTRUMENTS_API.list, () => instruments.list());
}
