// Confirms the pending secret with a code of it: from then on 2FA is enabled.
import type { OtpVerifyRequest } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/session/session-api';

export const verifyOtp = (body: OtpVerifyRequest) =>
  apiRequest('/api/auth/otp/verify', { method: 'POST', body, schema: z.null() });

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    // The session's user carries the 2FA status the screens read.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
