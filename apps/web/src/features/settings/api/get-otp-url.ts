// A new TOTP secret for the 2FA setup, pending until a code of it is verified. A mutation, not a
// query: each call replaces the pending secret, so it runs once per setup, when the user asks.
import { otpUrlResponseSchema } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getOtpUrl = () => apiRequest('/api/auth/otp/url', { schema: otpUrlResponseSchema });

export const useGetOtpUrl = () => useMutation({ mutationFn: getOtpUrl });
