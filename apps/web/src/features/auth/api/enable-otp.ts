// The OTP setup offered at login: a fresh secret, authenticated by the login's jwt that is not
// yet the session. A query, not a mutation: it runs once when the setup opens and is shown as is.
import { AUTH_API } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const enableOtp = (pendingJwt: string) =>
  callApi(AUTH_API.otpEnable, { body: {}, auth: { bearer: pendingJwt } });

export const useOtpSetup = (pendingJwt: string) =>
  useQuery({
    queryKey: ['auth', 'otp-setup', pendingJwt],
    queryFn: () => enableOtp(pendingJwt),
    // Every call replaces the pending secret: fetching again would invalidate the QR code shown.
    staleTime: Infinity,
    gcTime: 0,
  });
