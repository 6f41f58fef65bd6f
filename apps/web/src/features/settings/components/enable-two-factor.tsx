// Turning 2FA on from the settings (product-spec.md section 4, OTP in settings): the current
// password first, then a new secret shown as a QR code and as text, then a code of it.
import { OTP_MESSAGES, PASSWORD_MESSAGES, SETTINGS_MESSAGES, type OtpUrlResponse } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { OtpCodeField } from '../../../components/otp-code-field';
import { PasswordField } from '../../../components/password-field';
import { TwoFactorSecret } from '../../../components/two-factor-secret';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useGetOtpUrl } from '../api/get-otp-url';
import { otpCodeFormSchema, useVerifyOtp, type OtpCodeValues } from '../../../lib/two-factor/two-factor-api';
import { useVerifyPassword } from '../../../lib/session/verify-password';
import { verifyPasswordFormSchema, type VerifyPasswordForm } from '../form-schemas';

/** A 400 is the server's answer to the input; anything else means the call itself failed. */
const isBadInput = (error: unknown) => error instanceof ApiError && error.status === 400;

export function EnableTwoFactor({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<OtpUrlResponse | null>(null);
  const generate = useGetOtpUrl();
  const requestSecret = () =>
    generate.mutate(undefined, {
      onSuccess: setSetup,
      onError: () => notify.error(SETTINGS_MESSAGES.otpSecretError),
    });

  if (!setup)
    return (
      <PasswordStep
        onVerified={requestSecret}
        generating={generate.isPending}
        generateFailed={generate.isError}
      />
    );
  return <CodeStep setup={setup} onDone={onDone} />;
}

interface PasswordStepProps {
  onVerified: () => void;
  generating: boolean;
  generateFailed: boolean;
}

function PasswordStep({ onVerified, generating, generateFailed }: PasswordStepProps) {
  const verify = useVerifyPassword();
  const { register, handleSubmit, formState } = useForm<VerifyPasswordForm>({
    resolver: zodResolver(verifyPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const submit = (values: VerifyPasswordForm) =>
    verify.mutate(values, {
      onSuccess: () => {
        notify.success(PASSWORD_MESSAGES.verified);
        onVerified();
      },
      onError: (error) =>
        notify.error(isBadInput(error) ? PASSWORD_MESSAGES.wrong : SETTINGS_MESSAGES.verifyPasswordError),
    });

  return (
    <form className="settings-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <p className="settings-form__lead">
        Per attivare l&apos;autenticazione a due fattori conferma la tua password attuale.
      </p>
      <PasswordField
        label="Password attuale"
        error={formState.errors.password?.message}
        registration={register('password')}
        autoComplete="current-password"
      />
      {verify.isSuccess && generateFailed ? (
        <button type="button" className="button button--primary" onClick={onVerified} disabled={generating}>
          Genera di nuovo il codice QR
        </button>
      ) : (
        <button type="submit" className="button button--primary" disabled={verify.isPending || generating}>
          {verify.isPending || generating ? 'Verifica in corso…' : 'Verifica password'}
        </button>
      )}
    </form>
  );
}

function CodeStep({ setup, onDone }: { setup: OtpUrlResponse; onDone: () => void }) {
  const verify = useVerifyOtp();
  const { register, handleSubmit, formState } = useForm<OtpCodeValues>({
    resolver: zodResolver(otpCodeFormSchema),
    defaultValues: { token: '' },
  });
  const submit = ({ token }: OtpCodeValues) =>
    verify.mutate(
      { token, secret: setup.secret },
      {
        onSuccess: () => {
          notify.success(OTP_MESSAGES.enabledSettings);
          onDone();
        },
        onError: (error) =>
          notify.error(isBadInput(error) ? OTP_MESSAGES.invalidSettings : OTP_MESSAGES.verifyErrorSettings),
      },
    );

  return (
    <form className="settings-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <p className="settings-form__lead">
        Inquadra il codice QR con la tua app di autenticazione, oppure inserisci la chiave segreta, poi scrivi
        il codice che l&apos;app mostra.
      </p>
      <TwoFactorSecret
        secret={setup.secret}
        otpAuthUrl={setup.otpAuthUrl}
        labels={{
          qrCode: 'Codice QR della chiave segreta',
          secret: 'Chiave segreta',
          addToApp: "Aggiungi all'app 2FA",
        }}
        onQrError={() => notify.error(SETTINGS_MESSAGES.otpGenerateError)}
      />
      <OtpCodeField
        label="Codice OTP"
        error={formState.errors.token?.message}
        registration={register('token')}
      />
      <button type="submit" className="button button--primary" disabled={verify.isPending}>
        {verify.isPending ? 'Verifica in corso…' : 'Attiva 2FA'}
      </button>
    </form>
  );
}
