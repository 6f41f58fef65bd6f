import type { PasswordReset } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const resetPassword = (body: PasswordReset) =>
  apiRequest('/api/auth/password-reset', { method: 'POST', body, schema: z.null(), auth: 'none' });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** The server says so when the link's token is expired or already used. */
export const isExpiredTokenError = (error: Error) => error instanceof ApiError && error.code === 'reset-token-invalid';
