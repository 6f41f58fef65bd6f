import type { HealthResponse } from '@platform/contracts';
import type { DatabaseKind } from '@platform/db';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http';

export interface HealthProbe {
  database: DatabaseKind;
  /** Rejects when the database does not answer. */
  ping(): Promise<void>;
}

export function healthRoutes(app: FastifyInstance, probe: HealthProbe): void {
  app.get('/api/health', async () => {
    await probe.ping();
    return ok<HealthResponse>({ status: 'ok', database: probe.database, uptimeSeconds: Math.round(process.uptime()) });
  });
}
