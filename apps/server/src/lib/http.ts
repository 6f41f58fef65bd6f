// The two halves of a thin route: parse the input with the contract, wrap the answer.
import type { ApiSuccess } from '@platform/contracts';
import type * as z from 'zod';

/** Throws the ZodError; the error handler turns it into a 400 with the first issue's message. */
export function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  return schema.parse(input ?? {});
}

export function ok<T>(data: T): ApiSuccess<T> {
  return { ok: true, data };
}

/** Where an audited action came from. */
export interface RequestOrigin {
  ipAddress: string;
  userAgent: string | null;
}
