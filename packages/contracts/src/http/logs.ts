import * as z from 'zod';

export const logEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  description: z.string(),
  timestamp: z.string(),
  user: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), username: z.string() }).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
