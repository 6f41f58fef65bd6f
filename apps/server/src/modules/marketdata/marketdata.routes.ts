import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http';
import { caller, originOf, type Guards } from '../../plugins/authentication';
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
  app.get('/api/common/marketdata', { preHandler: guards.authenticated }, async () => ok(await marketData.list()));

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits(uploadMaxBytes) });
    scope.post('/api/admin/upload-csv', { preHandler: guards.roles('admin') }, async (request) =>
      ok(await marketData.upload(caller(request).user.id, uploadFormOf(request, uploadMaxBytes), originOf(request))),
    );
  });
}
