// Skipping the OTP setup offered at login: the account stops asking at each login.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const disableOtp = (pendingJwt: string) =>
  apiRequest('/api/auth/otp/disable', { method: 'POST', body: {}, schema: z.null(), auth: { bearer: pendingJwt } });

export const useDisableOtp = () => useMutation({ mutationFn: disableOtp });
