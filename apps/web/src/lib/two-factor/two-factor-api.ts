// The 2FA calls (product-spec.md section 4), one set for both places that use them: the setup a
// login offers, with the login's jwt held pending (pendingJwt), and the settings, with the session.
// A verified code or a 2FA turned off changes the session's user, which the screens read.
import {
  AUTH_API,
  otpVerifyRequestSchema,
  type OtpDisableRequest,
  type OtpVerifyRequest,
} from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { callApi, type RequestAuth } from '../api-client';
import { currentUserQueryKey } from '../session/session-api';

/** A code typed into a form. */
export const otpCodeFormSchema = otpVerifyRequestSchema.pick({ token: true });
export type OtpCodeValues = z.input<typeof otpCodeFormSchema>;

type WithPendingJwt<Body> = Body & { pendingJwt?: string };

const authOf = (pendingJwt: string | undefined): RequestAuth =>
  pendingJwt ? { bearer: pendingJwt } : 'session';

/** Confirms the pending secret with a code of it; a setup the login demanded answers the session it held back. */
export const verifyOtp = ({ pendingJwt, ...body }: WithPendingJwt<OtpVerifyRequest>) =>
  callApi(AUTH_API.otpVerify, { body, auth: authOf(pendingJwt) });

/** Turns 2FA off (settings: a code and the password), or skips the setup a login offered. */
export const disableOtp = ({ pendingJwt, ...body }: WithPendingJwt<OtpDisableRequest>) =>
  callApi(AUTH_API.otpDisable, { body, auth: authOf(pendingJwt) });

function useSessionChange<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

export const useVerifyOtp = () => useSessionChange(verifyOtp);
export const useDisableOtp = () => useSessionChange(disableOtp);
