import type { PasswordResetRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiRequest('/api/auth/password-reset/request', { method: 'POST', body, schema: z.null(), auth: 'none' });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
