import { BACKTESTS_API, EQUITY_CURVE_API } from '@platform/contracts';
import { originOf, viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { BacktestsService } from './backtests.service';
import type { EquityCurveService } from './equity-curve.service';

export function backtestsRoutes(
  route: DeclareRoute,
  backtests: BacktestsService,
  curves: EquityCurveService,
): void {
  route(BACKTESTS_API.list, ({ request }) => backtests.list(viewerOf(request)));

  route(BACKTESTS_API.get, ({ request, params }) => backtests.get(viewerOf(request), params.id));

  route(BACKTESTS_API.create, ({ request, body }) =>
    backtests.create(viewerOf(request), body.config, originOf(request)),
  );

  // A result row's balance and equity curve, computed on demand (issue 36).
  route(EQUITY_CURVE_API.curve, ({ request, params }) =>
    curves.curve(viewerOf(request), params.id, params.row),
  );

  route(BACKTESTS_API.remove, async ({ request, params }) => {
    await backtests.remove(viewerOf(request), params.id, originOf(request));
    return null;
  });
}
