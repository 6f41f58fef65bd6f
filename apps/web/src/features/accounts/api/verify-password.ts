// Re-entering one's password unlocks an account's credentials: the answer is this session's
// reveal key, which decrypts the ciphertexts of the account list.
import { AUTH_API, type VerifyPasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const verifyPassword = (body: VerifyPasswordRequest) => callApi(AUTH_API.verifyPassword, { body });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
