// A failed mutation's toast: the server's own words when it refused with a reason (a duplicate
// e-mail, an account still in use), otherwise the screen's generic message from the spec.
import { ApiError } from './api-client';

export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.isRefusal && error.message ? error.message : fallback;
}
