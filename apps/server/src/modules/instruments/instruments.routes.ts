import { INSTRUMENTS_API } from '@platform/contracts';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { InstrumentsService } from './instruments.service';

export function instrumentsRoutes(route: DeclareRoute, instruments: InstrumentsService): void {
  route(INSTRUMENTS_API.list, () => instruments.list());
}
