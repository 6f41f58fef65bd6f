import { AUTH_API, type PasswordReset } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';

export const resetPassword = (body: PasswordReset) => callApi(AUTH_API.passwordReset, { body, auth: 'none' });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** The server says so when the link's token is expired or already used. */
export const isExpiredTokenError = (error: Error) =>
  error instanceof ApiError && error.code === 'reset-token-invalid';
