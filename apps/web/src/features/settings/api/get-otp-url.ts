// A new TOTP secret for the 2FA setup, pending until a code of it is verified. A mutation, not a
// query: each call replaces the pending secret, so it runs once per setup, when the user asks.
import { AUTH_API } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getOtpUrl = () => callApi(AUTH_API.otpUrl);

export const useGetOtpUrl = () => useMutation({ mutationFn: getOtpUrl });
