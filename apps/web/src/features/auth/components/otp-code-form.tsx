// The code step: the account has 2FA, so the credentials just sent need a code of this moment.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { OtpCodeField } from '../../../components/otp-code-field';
import { otpCodeFormSchema, type OtpCodeValues } from '../../../lib/two-factor/two-factor-api';

interface OtpCodeFormProps {
  username: string;
  onSubmit: (code: string) => void;
  busy: boolean;
  /** Clears the credentials and goes back to the login form. */
  onNotMe: () => void;
}

export function OtpCodeForm({ username, onSubmit, busy, onNotMe }: OtpCodeFormProps) {
  const { register, handleSubmit, formState, resetField } = useForm<OtpCodeValues>({
    resolver: zodResolver(otpCodeFormSchema),
    defaultValues: { token: '' },
  });
  return (
    <form
      className="access-form"
      onSubmit={(event) =>
        void handleSubmit(({ token }) => {
          onSubmit(token);
          resetField('token');
        })(event)
      }
      noValidate
    >
      <h1 className="access-form__title">Login</h1>
      <p className="access-form__lead">Enter the 6-digit code from your authenticator app.</p>
      <OtpCodeField
        label="OTP code"
        error={formState.errors.token?.message}
        registration={register('token')}
        autoFocus
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      <p className="access-form__footer">
        <button type="button" className="link-button" onClick={onNotMe}>
          Not {username}?
        </button>
      </p>
    </form>
  );
}
