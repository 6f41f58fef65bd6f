// The first step of the 2FA setup: the user proves they are at the keyboard. The reveal key it
// also answers is for account credentials; the settings do not need it.
import { AUTH_API, type VerifyPasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const verifyPassword = (body: VerifyPasswordRequest) => callApi(AUTH_API.verifyPassword, { body });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
