// Asks for a reset link. The server answers ok whatever the address, so the toast cannot tell
// whether an account exists; accounts with 2FA also need a current code.
import { passwordResetRequestSchema, RESET_MESSAGES, type PasswordResetRequest } from '@platform/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { OtpCodeField } from '../../../components/otp-code-field';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordFormProps {
  defaultUsername: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultUsername, onBack }: ForgotPasswordFormProps) {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<PasswordResetRequest, unknown, PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { username: defaultUsername, otpCode: '' },
  });
  const submit = (values: PasswordResetRequest) =>
    request.mutate(values, {
      onSuccess: () => {
        notify.success(RESET_MESSAGES.linkSent);
        onBack();
      },
      onError: () => notify.error(RESET_MESSAGES.requestError),
    });

  return (
    <form className="access-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <h1 className="access-form__title">Forgot password</h1>
      <p className="access-form__lead">
        Enter your email address and we will send you a link to reset your password.
      </p>
      <TextField
        label="Email"
        error={formState.errors.username?.message}
        registration={register('username')}
        type="email"
        autoComplete="username"
      />
      <OtpCodeField
        label="OTP code (optional)"
        hint="Required only if two-factor authentication is enabled on your account."
        error={formState.errors.otpCode?.message}
        registration={register('otpCode')}
        plain
      />
      <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </button>
      <p className="access-form__footer">
        <button type="button" className="link-button" onClick={onBack}>
          Back to Login
        </button>
      </p>
    </form>
  );
}
