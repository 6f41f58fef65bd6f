import type { ChangePasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest('/api/auth/change-password', { method: 'POST', body, schema: z.null() });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
