import { loginResultSchema, type LoginRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const login = (body: LoginRequest) =>
  apiRequest('/api/auth/login', { method: 'POST', body, schema: loginResultSchema, auth: 'none' });

export const useLogin = () => useMutation({ mutationFn: login });
