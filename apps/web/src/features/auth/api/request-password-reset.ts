import { AUTH_API, type PasswordResetRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const requestPasswordReset = (body: PasswordResetRequest) =>
  callApi(AUTH_API.passwordResetRequest, { body, auth: 'none' });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
