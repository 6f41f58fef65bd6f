// The login state machine of product-spec.md section 4: credentials (typed or remembered), the
// code step when the server asks for one, the OTP setup when the account has none yet (the
// session is held pending meanwhile), then the session and the dashboard.
import {
  loginRequestSchema,
  type LoginRequest,
  type LoginResponse,
  type OtpStatus,
} from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { notify } from '../../lib/toast';
import { useCrash } from '../../lib/use-crash';
import { useLogin } from './api/login';
import { describeLoginFailure } from './login-failure';
import { forgetRememberedLogin, saveRememberedLogin, type RememberedLogin } from './remember-me';

export type LoginStep = 'credentials' | 'otp-code' | 'otp-setup';

/** What the code step sends again, with the code. */
type CredentialsRequest = Pick<LoginRequest, 'username' | 'password' | 'rememberToken' | 'rememberMe'>;

export function useLoginFlow() {
  const session = useSession();
  const navigate = useNavigate();
  const crash = useCrash();
  const loginCall = useLogin();
  const form = useForm<LoginRequest, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const [step, setStep] = useState<LoginStep>('credentials');
  const [sent, setSent] = useState<CredentialsRequest | null>(null);
  /**
   * The login answer of an account in the OTP setup: not yet the session. An offered setup holds
   * the session's answer; a required one (REQUIRE_2FA_FOR) only a setup token, and its verified
   * code answers the session.
   */
  const [pending, setPending] = useState<{ jwt: string; response: LoginResponse | null } | null>(null);

  const startSession = (response: LoginResponse, rememberMe: boolean) => {
    try {
      if (rememberMe && response.rememberToken) {
        saveRememberedLogin({ username: response.user.username, rememberToken: response.rememberToken });
      } else if (!rememberMe) {
        forgetRememberedLogin();
      }
      session.start(response);
    } catch (error) {
      crash(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    void navigate('/dashboard', { replace: true });
  };

  const send = (request: CredentialsRequest, otpCode?: string) => {
    setSent(request);
    loginCall.mutate(
      { ...request, ...(otpCode ? { otpCode } : {}) },
      {
        onSuccess: (response) => {
          if ('otpSetupToken' in response) {
            setPending({ jwt: response.otpSetupToken, response: null });
            setStep('otp-setup');
          } else if (response.user.otp.status === 'not-configured') {
            setPending({ jwt: response.jwt, response });
            setStep('otp-setup');
          } else {
            startSession(response, request.rememberMe === true);
          }
        },
        onError: (error) => {
          const failure = describeLoginFailure(error, otpCode !== undefined);
          setStep(failure.codeStep ? 'otp-code' : 'credentials');
          if (failure.message) notify.error(failure.message);
          // A remembered token the server refuses is dead: drop it, keep the username typed in.
          if (request.rememberToken && failure.credentialsRefused) {
            forgetRememberedLogin();
            form.setValue('rememberMe', false);
          }
        },
      },
    );
  };

  return {
    form,
    step,
    busy: loginCall.isPending,
    /** The username the code step names. */
    username: sent?.username ?? '',
    pendingJwt: pending?.jwt ?? null,
    /** The setup cannot be skipped: the role must have 2FA. */
    otpSetupRequired: pending !== null && pending.response === null,
    submitCredentials: ({ username, password, rememberMe }: LoginRequest) =>
      send({ username, password, rememberMe }),
    /** Shows whose remembered login is about to be submitted. */
    prefillRemembered: (remembered: RememberedLogin) => {
      form.setValue('username', remembered.username);
      form.setValue('rememberMe', true);
    },
    submitRemembered: (remembered: RememberedLogin) => send({ ...remembered, rememberMe: true }),
    submitCode: (otpCode: string) => {
      if (sent) send(sent, otpCode);
    },
    /** 'Not {user}?': someone else is at the keyboard, so their remembered login goes too. */
    notMe: () => {
      forgetRememberedLogin();
      form.reset({ username: '', password: '', rememberMe: false });
      setSent(null);
      setStep('credentials');
    },
    /** session: what the verify call answered when the setup was required. */
    finishOtpSetup: (status: Extract<OtpStatus, 'enabled' | 'disabled'>, session: LoginResponse | null) => {
      const response = session ?? pending?.response;
      if (!response) return;
      setPending(null);
      startSession({ ...response, user: { ...response.user, otp: { status } } }, sent?.rememberMe === true);
    },
  };
}
