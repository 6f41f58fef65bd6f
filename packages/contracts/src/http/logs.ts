import * as z from 'zod';
import { endpoint } from './endpoint';

export const logEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  description: z.string(),
  timestamp: z.string(),
  user: z
    .object({ _id: z.string(), firstname: z.string(), lastname: z.string(), username: z.string() })
    .nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const LOGS_MESSAGES = {
  badLimit: 'Il parametro limit deve essere un numero intero tra 1 e 200.',
  badCursor: 'Il parametro before deve essere l’identificativo di un log.',
  badOffset: 'Il parametro offset deve essere un numero intero non negativo.',
} as const;

/** Largest page of GET /api/common/logs?limit=; the view's largest page size. */
export const LOGS_PAGE_MAX = 200;

/**
 * GET /api/common/logs paging: limit rows older than the log whose id is before (the last one of
 * the previous page), skipping the first offset of them: offset reaches any page of the view's
 * strip in one call, and the rows it skips are at most those the whole list reads anyway. Without
 * any parameter the call answers the whole list, as it always has.
 */
export const logsPageQuerySchema = z.object({
  limit: z.coerce
    .number(LOGS_MESSAGES.badLimit)
    .int(LOGS_MESSAGES.badLimit)
    .min(1, LOGS_MESSAGES.badLimit)
    .max(LOGS_PAGE_MAX, LOGS_MESSAGES.badLimit)
    .optional(),
  before: z.uuid(LOGS_MESSAGES.badCursor).optional(),
  offset: z.coerce
    .number(LOGS_MESSAGES.badOffset)
    .int(LOGS_MESSAGES.badOffset)
    .min(0, LOGS_MESSAGES.badOffset)
    .optional(),
});
export type LogsPageQuery = z.infer<typeof logsPageQuerySchema>;

/** GET /api/common/logs/count: how many rows the whole list holds for the caller, for the view's counter and page strip. */
export const logsCountSchema = z.object({ total: z.number().int().nonnegative() });
export type LogsCount = z.infer<typeof logsCountSchema>;

export const LOGS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/logs',
    access: 'signed-in',
    summary:
      "The audit trail, newest first: the caller's own entries (every entry for an admin), a page at a time.",
    query: logsPageQuerySchema,
    response: z.array(logEntrySchema),
  }),
  count: endpoint({
    method: 'GET',
    path: '/api/common/logs/count',
    access: 'signed-in',
    summary: 'How many entries the audit trail holds for the caller.',
    response: logsCountSchema,
  }),
};
