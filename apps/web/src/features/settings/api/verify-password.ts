// The first step of the 2FA setup: the user proves they are at the keyboard. The reveal key it
// also answers is for account credentials; the settings do not need it.
import { verifyPasswordResponseSchema, type VerifyPasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyPassword = (body: VerifyPasswordRequest) =>
  apiRequest('/api/auth/verify-password', { method: 'POST', body, schema: verifyPasswordResponseSchema });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
