// What a failed query tells the server, and what of it may reach the log. Drizzle's message lists
// the query's parameters (ciphertexts, token hashes, addresses) and the driver's detail repeats a
// conflicting key's value, so the log gets the SQL text and the SQLSTATE with the names it gives.
import { DrizzleQueryError } from 'drizzle-orm';

/** The fields node-postgres and PGlite both set on a server error. */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

const UNIQUE_VIOLATION = '23505';

function driverErrorOf(error: DrizzleQueryError): DriverError {
  return (error.cause ?? {}) as DriverError;
}

/** Whether error is a query refused by the unique index or constraint of that name. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof DrizzleQueryError)) return false;
  const cause = driverErrorOf(error);
  return cause.code === UNIQUE_VIOLATION && cause.constraint === constraint;
}

/** A failed query as it may be logged: its statement, SQLSTATE and call stack, never its values. */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const { code, constraint, table, column } = driverErrorOf(error);
  // The stack's first lines are the message, parameters included: only the frames stay.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return {
    type: 'DrizzleQueryError',
    query: error.query,
    code,
    constraint,
    table,
    column,
    stack: frames.join('\n'),
  };
}
