import { AUTH_API, type LoginRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const login = (body: LoginRequest) => callApi(AUTH_API.login, { body, auth: 'none' });

export const useLogin = () => useMutation({ mutationFn: login });
