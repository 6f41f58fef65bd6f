// The landing contact form's call: a registration request (POST /api/auth/register).
import type { RegisterRequest } from '@platform/contracts';
import * as z from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { CONTACT_OUTCOME } from './contact-outcome';

export const sendContactRequest = (body: RegisterRequest) =>
  apiRequest('/api/auth/register', { method: 'POST', body, schema: z.null(), auth: 'none' });

/** No answer (offline, timeout) reads as a network error; any answer that is not ok, as a failure. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 0 ? CONTACT_OUTCOME.offline : CONTACT_OUTCOME.failed;
