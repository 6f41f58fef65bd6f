// The 2FA screen of a user who has it on: it says so, and turns it off with a current code and
// the current password.
import { OTP_MESSAGES, SETTINGS_MESSAGES } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { OtpCodeField } from '../../../components/otp-code-field';
import { PasswordField } from '../../../components/password-field';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useDisableOtp } from '../../../lib/two-factor/two-factor-api';
import { disableOtpFormSchema, type DisableOtpForm } from '../form-schemas';

export function DisableTwoFactor({ onDone }: { onDone: () => void }) {
  const disable = useDisableOtp();
  const { register, handleSubmit, formState } = useForm<DisableOtpForm>({
    resolver: zodResolver(disableOtpFormSchema),
    defaultValues: { token: '', password: '' },
  });
  const submit = ({ token, password }: DisableOtpForm) =>
    disable.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify.success(SETTINGS_MESSAGES.otpDisabled);
          onDone();
        },
        onError: (error) => notify.error(refusalMessage(error, OTP_MESSAGES.verifyErrorSettings)),
      },
    );

  return (
    <form className="settings-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <p className="settings-form__status">
        <span className="settings-badge settings-badge--on">Attiva</span> L&apos;autenticazione a due fattori
        è attiva sul tuo account: ogni accesso e ogni cambio password chiedono un codice.
      </p>
      <p className="settings-form__lead">
        Per disattivarla, conferma la tua password attuale e scrivi il codice che mostra ora la tua app di
        autenticazione.
      </p>
      <PasswordField
        label="Password attuale"
        error={formState.errors.password?.message}
        registration={register('password')}
        autoComplete="current-password"
      />
      <OtpCodeField
        label="Codice OTP"
        error={formState.errors.token?.message}
        registration={register('token')}
      />
      <button
        type="submit"
        className="button button--ghost settings-form__danger"
        disabled={disable.isPending}
      >
        {disable.isPending ? 'Disattivazione…' : 'Disattiva 2FA'}
      </button>
    </form>
  );
}
