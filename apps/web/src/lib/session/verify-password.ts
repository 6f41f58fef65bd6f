// Re-entering one's password proves the session's user is at the keyboard. The accounts ask it
// before showing credentials (its answer, this session's reveal key, decrypts them); the 2FA
// setup in the settings asks it as its first step and does not need the key.
import { AUTH_API, type VerifyPasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';

export const verifyPassword = (body: VerifyPasswordRequest) => callApi(AUTH_API.verifyPassword, { body });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
