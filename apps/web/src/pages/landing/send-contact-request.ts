// The landing contact form's call: a registration request (POST /api/auth/register).
import { AUTH_API, type RegisterRequest } from '@platform/contracts';
import { ApiError, callApi } from '../../lib/api-client';
import { CONTACT_OUTCOME } from './contact-outcome';

export const sendContactRequest = (body: RegisterRequest) =>
  callApi(AUTH_API.register, { body, auth: 'none' });

/** No answer (offline, timeout) reads as a network error; any answer that is not ok, as a failure. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 0 ? CONTACT_OUTCOME.offline : CONTACT_OUTCOME.failed;
