import { createBacktestSchema, EQUITY_CURVE_ROUTE, equityCurveParamsSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ok, parse } from '../../lib/http';
import { originOf, viewerOf, type Guards } from '../../plugins/authentication';
import type { BacktestsService } from './backtests.service';
import type { EquityCurveService } from './equity-curve.service';

const idParams = z.object({ id: z.uuid('Backtest non trovato.') });


export function backtestsRoutes(
  app: FastifyInstance,
  backtests: BacktestsService,
  guards: Guards,
  curves: EquityCurveService,
): void {
  const signedIn = { preHandler: guards.authenticated };

  app.get('/api/common/backtest', signedIn, async (request) => ok(await backtests.list(viewerOf(request))));

  app.get('/api/common/backtest/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    return ok(await backtests.get(viewerOf(request), id));
  });

  app.post('/api/common/backtest', signedIn, async (request) => {
    const { config } = parse(createBacktestSchema, request.body);
    return ok(await backtests.create(viewerOf(request), config, originOf(request)));
  });

  // A result row's balance and equity curve, computed on demand (issue 36).
  app.get(EQUITY_CURVE_ROUTE, signedIn, async (request) => {
    const { id, row } = parse(equityCurveParamsSchema, request.params);
    return ok(await curves.curve(viewerOf(request), id, row));
  });

  app.delete('/api/common/backtest/:id', signedIn, async (request) => {
    const { id } = parse(idParams, request.params);
    await backtests.remove(viewerOf(request), id, originOf(request));
    return ok(null);
  });
}
