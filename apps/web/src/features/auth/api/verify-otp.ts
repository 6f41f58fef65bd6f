import { otpVerifyResponseSchema, type OtpVerifyRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyOtp = ({ pendingJwt, ...body }: OtpVerifyRequest & { pendingJwt: string }) =>
  apiRequest('/api/auth/otp/verify', { method: 'POST', body, schema: otpVerifyResponseSchema, auth: { bearer: pendingJwt } });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
