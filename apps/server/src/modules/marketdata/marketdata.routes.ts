import multipart from '@fastify/multipart';
import { MARKETDATA_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { caller, originOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { MarketDataService } from './marketdata.service';
import { uploadFormOf, uploadLimits } from './upload-form';

/**
 * The list of stored sets for every signed-in user (the forms show what data exists), the upload
 * for admins. Multipart is parsed only here, in a child scope of the app (hence the app): the other
 * routes keep refusing it as a media type.
 */
export async function marketDataRoutes(
  route: DeclareRoute,
  marketData: MarketDataService,
  upload: { app: FastifyInstance; maxBytes?: number | undefined },
): Promise<void> {
  route(MARKETDATA_API.list, () => marketData.list());

  await upload.app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits(upload.maxBytes) });
    route.within(scope)(MARKETDATA_API.upload, ({ request }) =>
      marketData.upload(caller(request).user.id, uploadFormOf(request, upload.maxBytes), originOf(request)),
    );
  });
}
