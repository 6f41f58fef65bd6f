// The OTP setup offered at a login whose account has no 2FA yet (product-spec.md section 4).
// It talks to the server with the login's jwt, held pending until the setup ends either way.
import { LOGIN_MESSAGES, OTP_MESSAGES, type LoginResponse, type OtpStatus } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { OtpCodeField } from '../../../components/otp-code-field';
import { TwoFactorSecret } from '../../../components/two-factor-secret';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import {
  otpCodeFormSchema,
  useDisableOtp,
  useVerifyOtp,
  type OtpCodeValues,
} from '../../../lib/two-factor/two-factor-api';
import { useOtpSetup } from '../api/enable-otp';

interface OtpSetupProps {
  pendingJwt: string;
  /** The role must have 2FA: no skipping. */
  required: boolean;
  /**
   * The setup ended: 'enabled' after a verified code, 'disabled' when skipped; session is the
   * session a required setup was holding back.
   */
  onDone: (status: Extract<OtpStatus, 'enabled' | 'disabled'>, session: LoginResponse | null) => void;
}

export function OtpSetup({ pendingJwt, required, onDone }: OtpSetupProps) {
  const setup = useOtpSetup(pendingJwt);
  const verify = useVerifyOtp();
  const skip = useDisableOtp();
  const { register, handleSubmit, formState } = useForm<OtpCodeValues>({
    resolver: zodResolver(otpCodeFormSchema),
    defaultValues: { token: '' },
  });

  const otpauthUrl = setup.data?.otpauth_url;
  useEffect(() => {
    if (setup.isError) notify.error(OTP_MESSAGES.generateErrorLogin, 'otp-setup');
    else if (setup.isSuccess && !otpauthUrl) notify.error(LOGIN_MESSAGES.otpUrlMissing, 'otp-setup');
  }, [setup.isError, setup.isSuccess, otpauthUrl]);

  const submit = ({ token }: OtpCodeValues) => {
    if (!setup.data) return;
    verify.mutate(
      { token, secret: setup.data.secret, pendingJwt },
      {
        onSuccess: (session) => {
          notify.success(OTP_MESSAGES.enabledLogin);
          onDone('enabled', session);
        },
        onError: (error) =>
          notify.error(
            error instanceof ApiError && error.isRefusal
              ? OTP_MESSAGES.invalidLogin
              : OTP_MESSAGES.verifyErrorLogin,
          ),
      },
    );
  };
  const skipSetup = () =>
    skip.mutate(
      { pendingJwt },
      {
        onSuccess: () => onDone('disabled', null),
        onError: () => notify.error(LOGIN_MESSAGES.disableOtpError),
      },
    );

  const busy = verify.isPending || skip.isPending;
  return (
    <form className="access-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <h1 className="access-form__title">Enable OTP</h1>
      <p className="access-form__lead">
        Protect your account with two-factor authentication: scan the QR code with your authenticator app, or
        type the secret into it, then enter the code it shows.
      </p>
      <div className="otp-setup">
        {setup.isPending && <span className="spinner" role="status" aria-label="Generating the OTP secret" />}
        {setup.isError && (
          <button type="button" className="button button--ghost" onClick={() => void setup.refetch()}>
            Try again
          </button>
        )}
        {setup.data && (
          <TwoFactorSecret
            secret={setup.data.secret}
            otpAuthUrl={otpauthUrl ?? null}
            labels={{
              qrCode: 'QR code of the OTP secret',
              secret: 'Secret key',
              addToApp: 'Quick add to 2FA app',
            }}
          />
        )}
      </div>
      <OtpCodeField
        label="OTP code"
        error={formState.errors.token?.message}
        registration={register('token')}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy || !setup.data}>
        {verify.isPending ? 'Verifying…' : 'Enable OTP'}
      </button>
      {required ? (
        <p className="access-form__footer">Two-factor authentication is required for your role.</p>
      ) : (
        <p className="access-form__footer">
          <button type="button" className="link-button" onClick={skipSetup} disabled={busy}>
            Skip for now
          </button>
        </p>
      )}
    </form>
  );
}
