import multipart from '@fastify/multipart';
import { MARKETDATA_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { caller, originOf, type Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { MarketDataService } from './marketdata.service';
import { uploadFormOf, uploadLimits } from './upload-form';

/**
 * The list of stored sets for every signed-in user (the forms show what data exists), the upload
 * for admins. Multipart is parsed only here: the other routes keep refusing it as a media type.
 */
export async function marketDataRoutes(
  app: FastifyInstance,
  marketData: MarketDataService,
  guards: Guards,
  uploadMaxBytes?: number,
): Promise<void> {
  routesFor(app, guards)(MARKETDATA_API.list, () => marketData.list());

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits(uploadMaxBytes) });
    routesFor(scope, guards)(MARKETDATA_API.upload, ({ request }) =>
      marketData.upload(caller(request).user.id, uploadFormOf(request, uploadMaxBytes), originOf(request)),
    );
  });
}
