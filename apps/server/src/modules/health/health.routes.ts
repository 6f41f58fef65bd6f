// /api/health: the database answers (the e2e tests and a person's curl). The probes of a process
// manager or load balancer: /api/health/live answers while the process serves HTTP at all;
// /api/health/ready answers 200 only while the database answers and the server is not draining,
// else 503 with the reason. The probes log no request lines below warn: they come every few seconds.
import { HEALTH_API } from '@platform/contracts';
import type { DatabaseKind } from '@platform/db';
import { AppError } from '../../lib/errors';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { ServerLifecycle } from './server-lifecycle';

export interface HealthProbe {
  database: DatabaseKind;
  /** Rejects when the database does not answer. */
  ping(): Promise<void>;
  lifecycle: ServerLifecycle;
}

export const HEALTH_MESSAGES = {
  draining: 'Server in arresto: non accetta nuovo lavoro.',
  databaseDown: 'Database non raggiungibile.',
} as const;

/** A database that neither answers nor fails within this is as good as unreachable. */
const READY_PING_TIMEOUT_MS = 2_000;

function pingWithin(ping: () => Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const answered = ping().then(
    () => true,
    () => false,
  );
  return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(route: DeclareRoute, probe: HealthProbe): void {
  route(HEALTH_API.status, async () => {
    await probe.ping();
    return { status: 'ok' as const, database: probe.database, uptimeSeconds: Math.round(process.uptime()) };
  });

  route(HEALTH_API.live, () => ({ status: 'live' as const }), { logLevel: 'warn' });

  route(
    HEALTH_API.ready,
    async () => {
      if (probe.lifecycle.draining) throw new AppError(503, HEALTH_MESSAGES.draining);
      if (!(await pingWithin(() => probe.ping(), READY_PING_TIMEOUT_MS)))
        throw new AppError(503, HEALTH_MESSAGES.databaseDown);
      return { status: 'ready' as const, database: probe.database };
    },
    { logLevel: 'warn' },
  );
}
