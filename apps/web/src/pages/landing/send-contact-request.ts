// The landing contact form's call: a registration request (POST /api/auth/register).
import type { RegisterRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';

export const sendContactRequest = (body: RegisterRequest) =>
  apiRequest('/api/auth/register', { method: 'POST', body, schema: z.null(), auth: 'none' });

export const useSendContactRequest = () => useMutation({ mutationFn: sendContactRequest });

/** The landing's toasts of product-spec.md section 8: sent, refused, or no answer at all. */
export const CONTACT_OUTCOME = {
  sent: "Message sent successfully! We'll get back to you soon.",
  failed: 'Error sending message. Please try again.',
  offline: 'Network error. Please check your connection and try again.',
  invalid: 'Please fix the errors before submitting.',
} as const;

/** No answer (offline, timeout) reads as a network error; any answer that is not ok, as a failure. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 0 ? CONTACT_OUTCOME.offline : CONTACT_OUTCOME.failed;
