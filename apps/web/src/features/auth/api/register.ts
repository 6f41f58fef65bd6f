// A contact request (POST /api/auth/register): becomes a pending account an admin reviews.
import { AUTH_API, type RegisterRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const register = (body: RegisterRequest) => callApi(AUTH_API.register, { body, auth: 'none' });

export const useRegister = () => useMutation({ mutationFn: register });
