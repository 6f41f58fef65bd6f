// A contact request (POST /api/auth/register): becomes a pending account an admin reviews.
import type { RegisterRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const register = (body: RegisterRequest) =>
  apiRequest('/api/auth/register', { method: 'POST', body, schema: z.null(), auth: 'none' });

export const useRegister = () => useMutation({ mutationFn: register });
