// Re-entering one's password unlocks an account's credentials: the answer is this session's
// reveal key, which decrypts the ciphertexts of the account list.
import { verifyPasswordResponseSchema, type VerifyPasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyPassword = (body: VerifyPasswordRequest) =>
  apiRequest('/api/auth/verify-password', { method: 'POST', body, schema: verifyPasswordResponseSchema });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
