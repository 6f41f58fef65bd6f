import * as z from 'zod';
import { endpoint } from './endpoint';

const databaseKindSchema = z.enum(['pglite', 'postgres']);

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: databaseKindSchema,
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const livenessSchema = z.object({ status: z.literal('live') });
export const readinessSchema = z.object({ status: z.literal('ready'), database: databaseKindSchema });

export const HEALTH_API = {
  status: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'The server and its database answer.',
    response: healthResponseSchema,
  }),
  live: endpoint({
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
    summary: 'Liveness probe: the process serves HTTP.',
    response: livenessSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    summary:
      'Readiness probe: the database answers and the server is not draining (else 503 with the reason).',
    response: readinessSchema,
  }),
};
