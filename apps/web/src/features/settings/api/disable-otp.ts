// Turns an enabled 2FA off; the server wants a current code for it.
import type { OtpDisableRequest } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/session/session-api';

export const disableOtp = (body: OtpDisableRequest) =>
  apiRequest('/api/auth/otp/disable', { method: 'POST', body, schema: z.null() });

export function useDisableOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableOtp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
